// /payments/coupons/new: a coupon of the local provider — its code, name, a percentage or an amount
// off, an optional limit of redemptions, and the plans it applies to (its metadata.products).
import {
  type CouponForm,
  couponRequestOf,
  formatMoney,
  formatPrice,
  MIN_PLAN_PRICE,
  MSG,
  parseAmountToCents,
  plansAtPriceFloor,
  ZCouponForm,
} from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Checkbox, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api/api-client.js';
import { refusalMessage } from '../../shared/api/refusal-message.js';
import { useBlurValidatedForm } from '../../shared/forms/use-blur-validated-form.js';
import { FormActions } from '../../shared/ui/form-actions.js';
import { LabelledSegmentedControl } from '../../shared/ui/labelled-segmented-control.js';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.js';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { useCreateCoupon } from './api/create-coupon.js';
import { usePaymentsConfig } from './api/get-payments-config.js';
import { useAdminPlans } from './api/list-plans.js';
import { planPriceLabel } from './plan-labels.js';

export function NewCouponPage() {
  const config = usePaymentsConfig();
  const plans = useAdminPlans({ enabled: config.data?.provider === 'local' });
  if (config.data?.provider === 'stripe') return <Navigate to="/payments" replace />;
  return (
    <>
      <PageHeader
        title={MSG.payments.newCoupon}
        back="/payments?tab=coupons"
        breadcrumbs={[
          { label: MSG.nav.payments, to: '/payments?tab=coupons' },
          { label: MSG.payments.newCoupon },
        ]}
      />
      <LoadingOverlay visible={config.isPending || plans.isPending}>
        {plans.isError && <Alert color="red">{MSG.common.somethingWrong}</Alert>}
        {plans.data && <NewCouponForm plans={plans.data.plans.filter((plan) => plan.active)} />}
      </LoadingOverlay>
    </>
  );
}

function NewCouponForm({
  plans,
}: {
  plans: { id: string; name: string; type: 'one_time' | 'recurring'; unit_amount: number }[];
}) {
  const navigate = useNavigate();
  const create = useCreateCoupon();
  const form = useBlurValidatedForm<CouponForm>({
    guardUnsaved: true,
    resolver: zodResolver(ZCouponForm),
    defaultValues: { id: '', name: '', kind: 'percent', value: '', maxRedemptions: '', products: [] },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const [value, products] = useWatch({ control: form.control, name: ['value', 'products'] });
  // A discount that takes a whole plan price leaves the price rule's floor: the admin is told so.
  const floored = plansAtPriceFloor(
    {
      percent_off: kind === 'percent' && value.trim() !== '' ? Number(value) || null : null,
      amount_off: kind === 'amount' ? parseAmountToCents(value) : null,
      products,
    },
    plans,
  );
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(couponRequestOf(values));
      notify.success(MSG.payments.couponCreated);
      navigate('/payments?tab=coupons');
    } catch (error) {
      if (error instanceof ApiError && error.fields.id) form.setError('id', { message: error.fields.id });
      notify.error(refusalMessage(error, MSG.common.somethingWrong));
    }
  });
  return (
    <Paper withBorder p="xl" radius="md" maw={640}>
      <form onSubmit={submit} noValidate aria-label={MSG.payments.newCoupon}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Code"
              required
              description="What people type, e.g. SPRING10"
              error={errors.id?.message}
              {...form.register('id')}
            />
            <TextInput
              label="Name"
              required
              description="Shown when the code is accepted"
              error={errors.name?.message}
              {...form.register('name')}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="kind"
            render={({ field }) => (
              <LabelledSegmentedControl
                label="Discount"
                value={field.value}
                onChange={(value) => field.onChange(value)}
                data={[
                  { value: 'percent', label: 'Percent off' },
                  { value: 'amount', label: 'Amount off' },
                ]}
                maw={320}
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={kind === 'percent' ? 'Percent off' : 'Amount off (USD)'}
              required
              inputMode="decimal"
              placeholder={kind === 'percent' ? 'e.g. 10' : `e.g. ${formatPrice(1000)}`}
              leftSection={kind === 'amount' ? '$' : undefined}
              rightSection={kind === 'percent' ? '%' : undefined}
              error={errors.value?.message}
              {...form.register('value')}
            />
            <TextInput
              label={MSG.fields.maxRedemptions}
              inputMode="numeric"
              description="Leave empty for no limit"
              error={errors.maxRedemptions?.message}
              {...form.register('maxRedemptions')}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="products"
            render={({ field }) => (
              <Checkbox.Group
                label="Plans it applies to"
                required
                value={field.value}
                onChange={field.onChange}
                error={errors.products?.message}
              >
                <Stack gap="xs" mt="xs">
                  {plans.length === 0 && <Text c="dimmed">{MSG.payments.noPlans}</Text>}
                  {plans.map((plan) => (
                    <Checkbox
                      key={plan.id}
                      value={plan.id}
                      label={`${plan.name} — ${planPriceLabel(plan)}`}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          />
          {floored.length > 0 && (
            <Alert color="yellow" variant="light" role="status">
              {MSG.payments.couponFloorWarning(
                floored.map((plan) => plan.name).join(', '),
                formatMoney(MIN_PLAN_PRICE),
              )}
            </Alert>
          )}
          <FormActions
            back="/payments?tab=coupons"
            submitLabel={MSG.payments.createCoupon}
            submitting={isSubmitting}
            mt="sm"
          />
        </Stack>
      </form>
    </Paper>
  );
}
