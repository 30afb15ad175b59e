// Wizard step 2, Enter Child's Name and Select Plan: the child's first and last name (at least 3
// characters each) and a plan with its coupons; continuing names the family and subscribes it. A
// family that already has its plan (the back arrow from step 3) only has its names saved again.
// What is typed is kept as a draft in the tab's session storage until the family is subscribed, so
// a reload, or a way back to the card after a decline, finds it again (never card data).
import {
  type ChildAndPlanDraft,
  type ChildAndPlanForm,
  type Family,
  joinName,
  MSG,
  ZChildAndPlanDraft,
  ZChildAndPlanForm,
} from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group as Row, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/api-client.js';
import { useBlurValidatedForm } from '../../../shared/forms/use-blur-validated-form.js';
import { storedWizardDraft, storeWizardDraft } from '../../../shared/session/storage.js';
import { notify } from '../../../shared/ui/notify.js';
import { type CouponCheck, newIdempotencyKey, useAssignSubscription } from '../../billing/index.js';
import { familyKeys } from '../api/family-keys.js';
import { renameFamily } from '../api/rename-family.js';
import { PlanField } from './plan-field.js';
import { wizardErrorMessage } from './wizard-messages.js';

type ChildAndPlan = Pick<ChildAndPlanForm, 'childrenFirstName' | 'childrenLastName' | 'idSelected'>;
const ZChildAndPlan = ZChildAndPlanForm.pick({
  childrenFirstName: true,
  childrenLastName: true,
  idSelected: true,
});
const ZChildOnly = ZChildAndPlanForm.pick({ childrenFirstName: true, childrenLastName: true });

/** Refusals that a new card answers: the way back to step 1 is offered beside them. */
const CARD_REFUSALS: readonly string[] = [MSG.billing.cardDeclined, MSG.billing.cardTokenInvalid];

function keptDraft(groupId: string): ChildAndPlanDraft | null {
  const parsed = ZChildAndPlanDraft.safeParse(storedWizardDraft('plan', groupId));
  return parsed.success ? parsed.data : null;
}

export function WizardChildPlanStep({
  family,
  onDone,
  onChangeCard,
}: {
  family: Family;
  onDone: () => void;
  /** Back to step 1 for another card, the step's draft kept. */
  onChangeCard: () => void;
}) {
  const queryClient = useQueryClient();
  const assign = useAssignSubscription();
  const key = useRef(newIdempotencyKey());
  const [coupons, setCoupons] = useState<string[]>([]);
  const couponCheck = useRef<CouponCheck>(null);
  // The refusal of the last Continue, shown until the next one: a decline is read, not missed.
  const [refusal, setRefusal] = useState<string | null>(null);
  // The family is named once its plan is paid for: from then on only the name changes here.
  const subscribed = family.name !== null;
  const [draft] = useState(() => (subscribed ? null : keptDraft(family._id)));
  const couponText = useRef(draft?.coupon ?? '');
  const form = useBlurValidatedForm<ChildAndPlan>({
    resolver: zodResolver(subscribed ? ZChildOnly : ZChildAndPlan) as never,
    defaultValues: {
      childrenFirstName: draft?.childrenFirstName ?? family.childFirstName ?? '',
      childrenLastName: draft?.childrenLastName ?? family.childLastName ?? '',
      idSelected: draft?.idSelected ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  const keepDraft = useCallback(() => {
    if (subscribed) return;
    storeWizardDraft('plan', family._id, { ...form.getValues(), coupon: couponText.current });
  }, [form, family._id, subscribed]);
  useEffect(() => {
    const watching = form.watch(keepDraft);
    return () => watching.unsubscribe();
  }, [form, keepDraft]);

  const submit = form.handleSubmit(async (values) => {
    const name = joinName(values.childrenFirstName, values.childrenLastName);
    setRefusal(null);
    try {
      if (subscribed) {
        const child = { childFirstName: values.childrenFirstName, childLastName: values.childrenLastName };
        const unchanged =
          name === family.name &&
          child.childFirstName === family.childFirstName &&
          child.childLastName === family.childLastName;
        // The family's name and the child's names, which a rename alone leaves as they are.
        if (!unchanged) await renameFamily(family._id, { name, ...child });
      } else {
        const settled = await couponCheck.current?.settle();
        if (settled === null) return;
        const result = await assign.mutateAsync({
          input: {
            groupId: family._id,
            priceId: values.idSelected,
            coupons: settled?.coupons ?? coupons,
            name,
          },
          idempotencyKey: key.current,
        });
        key.current = newIdempotencyKey();
        storeWizardDraft('plan', family._id, null);
        notify.success(result.message);
      }
      await queryClient.invalidateQueries({ queryKey: familyKeys.detail(family._id) });
      await queryClient.invalidateQueries({ queryKey: familyKeys.lists() });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && CARD_REFUSALS.includes(error.message)) setRefusal(error.message);
      else notify.error(wizardErrorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={MSG.wizard.stepChildAndPlan}>
      <Stack gap="md">
        {refusal && (
          <Alert color="red" variant="light" role="alert" title={MSG.wizard.paymentRefusedTitle}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{refusal}</Text>
              <Button size="xs" variant="filled" color="red" onClick={onChangeCard}>
                {MSG.wizard.changeCard}
              </Button>
            </Stack>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Child's first name"
            required
            autoComplete="off"
            error={errors.childrenFirstName?.message}
            {...form.register('childrenFirstName')}
          />
          <TextInput
            label="Child's last name"
            required
            autoComplete="off"
            error={errors.childrenLastName?.message}
            {...form.register('childrenLastName')}
          />
        </SimpleGrid>
        {subscribed ? (
          <Alert color="blue" variant="light">
            {MSG.families.planAlreadyChosen(family.oneTime ? MSG.plans.oneTime : MSG.plans.monthly)}
          </Alert>
        ) : (
          <PlanField
            control={form.control}
            name="idSelected"
            coupons={coupons}
            onChoice={(choice) => setCoupons(choice.coupons)}
            couponCheck={couponCheck}
            defaultCoupon={draft?.coupon ?? ''}
            onCouponText={(code) => {
              couponText.current = code;
              keepDraft();
            }}
            error={errors.idSelected?.message}
            disabled={isSubmitting}
          />
        )}
        <Row justify="flex-end">
          <Button type="submit" loading={isSubmitting}>
            {MSG.wizard.continueLabel}
          </Button>
        </Row>
      </Stack>
    </form>
  );
}
