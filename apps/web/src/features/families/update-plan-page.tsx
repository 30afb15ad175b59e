// /manage-families/{id}/update-plan: another plan for a monthly family ('Subscription update!'), with
// the entity's coupon and a typed one; a plan must be chosen ('You need to select a plan').
import { type Family, formatPrice, MSG, ZChildAndPlanForm } from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api/api-client.js';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.js';
import { FormActions } from '../../shared/ui/form-actions.js';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.js';
import { MissingOrFailed } from '../../shared/ui/missing-or-failed.js';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import {
  type CouponCheck,
  newIdempotencyKey,
  type PlanChoice,
  useChangeSubscription,
} from '../billing/index.js';
import { familyKeys } from './api/family-keys.js';
import { familyCrumbs, familyPagePath, useFamilyOfPage } from './components/family-header.js';
import { PlanField } from './components/plan-field.js';

const ZPlanChoice = ZChildAndPlanForm.pick({ idSelected: true });

export function UpdatePlanPage() {
  const { id = '' } = useParams();
  const { family, name, missing } = useFamilyOfPage(id);
  return (
    <>
      <PageHeader
        title={MSG.families.changePlan}
        back={familyPagePath(id)}
        breadcrumbs={familyCrumbs(id, name, MSG.families.changePlan)}
      />
      {family.isError ? (
        <MissingOrFailed missing={missing} />
      ) : (
        <LoadingOverlay visible={family.isPending}>
          {family.data &&
            (family.data.oneTime || !family.data.plan ? (
              <Alert color="blue">
                {family.data.plan ? MSG.billing.oneTimePlanCannotChange : MSG.billing.noSubscription}
              </Alert>
            ) : (
              <ChangePlanForm family={family.data} />
            ))}
        </LoadingOverlay>
      )}
    </>
  );
}

function ChangePlanForm({ family }: { family: Family }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const change = useChangeSubscription();
  const key = useRef(newIdempotencyKey());
  const [coupons, setCoupons] = useState<string[]>([]);
  const [chosen, setChosen] = useState<PlanChoice['chosen']>(null);
  // A move to a one-time plan charges at once and cannot be undone: it is confirmed first.
  const [confirming, setConfirming] = useState<{ idSelected: string; coupons: string[] } | null>(null);
  const couponCheck = useRef<CouponCheck>(null);
  const form = useForm<{ idSelected: string }>({
    resolver: zodResolver(ZPlanChoice),
    defaultValues: { idSelected: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ idSelected }) => {
    const settled = await couponCheck.current?.settle();
    if (settled === null) return;
    const sent = settled?.coupons ?? coupons;
    if (settled?.chosen) setChosen(settled.chosen);
    if ((settled?.chosen ?? chosen)?.type === 'one_time') {
      setConfirming({ idSelected, coupons: sent });
      return;
    }
    await changePlan(idSelected, sent);
  });

  async function changePlan(idSelected: string, sent: string[]) {
    try {
      const result = await change.mutateAsync({
        input: { groupId: family._id, priceId: idSelected, coupons: sent },
        idempotencyKey: key.current,
      });
      key.current = newIdempotencyKey();
      await queryClient.invalidateQueries({ queryKey: familyKeys.detail(family._id) });
      notify.success(result.message);
      navigate(familyPagePath(family._id));
    } catch (error) {
      notify.error(
        error instanceof ApiError && error.status === 422
          ? error.message
          : MSG.billing.changeSubscriptionFailed,
      );
    } finally {
      setConfirming(null);
    }
  }

  return (
    <Paper withBorder radius="md" p="xl" maw={860}>
      <form onSubmit={submit} noValidate aria-label={MSG.families.changePlan}>
        <Stack gap="md">
          <Text fw={600}>{MSG.families.planMonthly}</Text>
          <PlanField
            control={form.control}
            name="idSelected"
            coupons={coupons}
            onChoice={(choice) => {
              setCoupons(choice.coupons);
              setChosen(choice.chosen ?? null);
            }}
            filter={(plan) => plan.id !== family.plan?.priceId}
            couponCheck={couponCheck}
            error={errors.idSelected?.message}
            disabled={isSubmitting}
          />
          <FormActions
            back={familyPagePath(family._id)}
            submitLabel={MSG.common.save}
            submitting={isSubmitting}
          />
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirming !== null && chosen !== null}
        title={MSG.billing.confirmOneTimePlanTitle}
        message={chosen ? MSG.billing.confirmOneTimePlan(chosen.name, formatPrice(chosen.price)) : ''}
        confirmLabel={chosen ? MSG.billing.confirmOneTimePlanButton(formatPrice(chosen.price)) : undefined}
        loading={change.isPending}
        destructive
        onCancel={() => setConfirming(null)}
        onConfirm={() => (confirming ? changePlan(confirming.idSelected, confirming.coupons) : undefined)}
      />
    </Paper>
  );
}
