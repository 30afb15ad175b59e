// Wizard step 2, Enter Child's Name and Select Plan: the child's first and last name (at least 3
// characters each) and a plan with its coupons; continuing names the family and subscribes it. A
// family that already has its plan (the back arrow from step 3) only has its names saved again.
import { type ChildAndPlanForm, type Group, joinName, MSG, ZChildAndPlanForm } from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group as Row, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useBlurValidatedForm } from '../../../shared/forms/use-blur-validated-form.js';
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

export function WizardChildPlanStep({ family, onDone }: { family: Group; onDone: () => void }) {
  const queryClient = useQueryClient();
  const assign = useAssignSubscription();
  const key = useRef(newIdempotencyKey());
  const [coupons, setCoupons] = useState<string[]>([]);
  const couponCheck = useRef<CouponCheck>(null);
  // The family is named once its plan is paid for: from then on only the name changes here.
  const subscribed = family.name !== null;
  const form = useBlurValidatedForm<ChildAndPlan>({
    resolver: zodResolver(subscribed ? ZChildOnly : ZChildAndPlan) as never,
    defaultValues: {
      childrenFirstName: family.childFirstName ?? '',
      childrenLastName: family.childLastName ?? '',
      idSelected: '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const name = joinName(values.childrenFirstName, values.childrenLastName);
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
        notify.success(result.message);
      }
      await queryClient.invalidateQueries({ queryKey: familyKeys.detail(family._id) });
      await queryClient.invalidateQueries({ queryKey: familyKeys.lists() });
      onDone();
    } catch (error) {
      notify.error(wizardErrorMessage(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={MSG.wizard.stepChildAndPlan}>
      <Stack gap="md">
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
