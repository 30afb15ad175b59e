// /payments/plans/new: a plan of the local provider — name, one-time or monthly, and price.
import { MSG, type PlanForm, parseAmountToCents, ZPlanForm } from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, Stack, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/api-client.js';
import { refusalMessage } from '../../shared/api/refusal-message.js';
import { useBlurValidatedForm } from '../../shared/forms/use-blur-validated-form.js';
import { FormActions } from '../../shared/ui/form-actions.js';
import { LabelledSegmentedControl } from '../../shared/ui/labelled-segmented-control.js';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.js';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { useCreatePlan } from './api/create-plan.js';
import { usePaymentsConfig } from './api/get-payments-config.js';

export function NewPlanPage() {
  const config = usePaymentsConfig();
  if (config.data?.provider === 'stripe') return <Navigate to="/payments" replace />;
  return (
    <>
      <PageHeader
        title={MSG.payments.newPlan}
        back="/payments"
        breadcrumbs={[{ label: MSG.nav.payments, to: '/payments' }, { label: MSG.payments.newPlan }]}
      />
      <LoadingOverlay visible={config.isPending}>
        <NewPlanForm />
      </LoadingOverlay>
    </>
  );
}

function NewPlanForm() {
  const navigate = useNavigate();
  const create = useCreatePlan();
  const form = useBlurValidatedForm<PlanForm>({
    guardUnsaved: true,
    resolver: zodResolver(ZPlanForm),
    defaultValues: { name: '', type: 'one_time', price: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync({
        name: values.name,
        type: values.type,
        unit_amount: parseAmountToCents(values.price)!,
      });
      notify.success(MSG.payments.planCreated);
      navigate('/payments');
    } catch (error) {
      if (error instanceof ApiError && error.fields.name)
        form.setError('name', { message: error.fields.name });
      notify.error(refusalMessage(error, MSG.common.somethingWrong));
    }
  });
  return (
    <Paper withBorder p="xl" radius="md" maw={560}>
      <form onSubmit={submit} noValidate aria-label={MSG.payments.newPlan}>
        <Stack>
          <TextInput label="Name" required error={errors.name?.message} {...form.register('name')} />
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <LabelledSegmentedControl
                label="Type"
                value={field.value}
                onChange={(value) => field.onChange(value)}
                data={[
                  { value: 'one_time', label: MSG.plans.oneTime },
                  { value: 'recurring', label: MSG.plans.monthly },
                ]}
              />
            )}
          />
          <TextInput
            label="Price (USD)"
            required
            inputMode="decimal"
            placeholder="e.g. 19.99"
            leftSection="$"
            error={errors.price?.message}
            {...form.register('price')}
          />
          <FormActions
            back="/payments"
            submitLabel={MSG.payments.createPlan}
            submitting={isSubmitting}
            mt="sm"
          />
        </Stack>
      </form>
    </Paper>
  );
}
