// The plan choice of the add-family wizard and the change-plan screen: the plans with 'one-time
// payment' / 'per month' and prices in two decimals after the entity's own coupon (applied
// automatically) and a typed coupon, checked when the field is left.
import {
  COUPON_CODE_MAX,
  type Coupon,
  discountedPrice,
  formatPrice,
  MSG,
  type Plan,
  planPeriodLabel,
} from '@bridge-talk/contract';
import { Alert, Button, Group, Loader, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { afterPointerPress } from '../../../shared/forms/pointer-press.js';
import { findCoupon } from '../api/find-coupon.js';
import { plansQuery, usePlans } from '../api/get-plans.js';

/** The coupon codes a subscription call sends: the entity's own, then the typed one. */
export function couponCodes(entityCoupon: Coupon | null, typedCoupon: Coupon | null): string[] {
  return [entityCoupon?.id, typedCoupon?.id].filter((id): id is string => Boolean(id));
}

export interface PlanChoice {
  priceId: string | null;
  /** The codes to send: the entity's coupon and the typed one, when valid. */
  coupons: string[];
  /** The chosen plan as the person sees it: its name, kind and price after the coupons, in cents. */
  chosen?: { name: string; type: Plan['type']; price: number } | null;
}

export interface PlanPickerProps {
  value: PlanChoice;
  onChange: (choice: PlanChoice) => void;
  /** 'You need to select a plan' after a submit without a plan. */
  error?: string;
  /** Leaves plans out (e.g. the family's current plan on the change-plan screen). */
  filter?: (plan: Plan) => boolean;
  disabled?: boolean;
}

export function PlanPicker({ value, onChange, error, filter, disabled }: PlanPickerProps) {
  const queryClient = useQueryClient();
  const plans = usePlans();
  const [code, setCode] = useState('');
  const [typed, setTyped] = useState<Coupon | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const entityCoupon = plans.data?.entityCoupon ?? null;
  const coupons = [entityCoupon, typed].filter((c): c is Coupon => c !== null);

  const describe = (priceId: string | null, applied: Coupon[]): PlanChoice['chosen'] => {
    const plan = plans.data?.plans.find((p) => p.id === priceId);
    if (!plan) return null;
    return { name: plan.nickname ?? plan.id, type: plan.type, price: discountedPrice(plan, applied).final };
  };

  // The entity's own coupon applies without being asked for.
  const entityCouponId = entityCoupon?.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the coupons is news.
  useEffect(() => {
    const next = couponCodes(entityCoupon, typed);
    if (next.join(',') !== value.coupons.join(','))
      onChange({ ...value, coupons: next, chosen: describe(value.priceId, coupons) });
  }, [entityCouponId, typed?.id]);

  const checkCoupon = async () => {
    // Its answer moves what is below: the click that left the field lands first.
    await afterPointerPress();
    const entered = code.trim();
    setCouponError(null);
    if (entered === '') {
      setTyped(null);
      return;
    }
    // No coupon is that long. It is refused the way a coupon that is not valid is, with the limit's
    // words and without a look-up: the field is emptied, because this screen pays on Continue and a
    // code left showing would look applied.
    if (entered.length > COUPON_CODE_MAX) {
      setTyped(null);
      setCode('');
      setCouponError(MSG.validation.tooLong(MSG.fields.coupon, COUPON_CODE_MAX));
      return;
    }
    if (typed && entered.toLowerCase() === typed.id.toLowerCase()) return;
    setChecking(true);
    try {
      setTyped(await findCoupon(entered));
    } catch {
      // Spec: MSG.billing.couponNotValid, the field cleared and the original prices restored.
      setTyped(null);
      setCode('');
      setCouponError(MSG.billing.couponNotValid);
      await queryClient.invalidateQueries({ queryKey: plansQuery().queryKey });
    } finally {
      setChecking(false);
    }
  };

  if (plans.isPending) {
    return (
      <Group justify="center" py="lg">
        <Loader size="sm" aria-label="Loading plans" />
      </Group>
    );
  }
  if (plans.isError) {
    return (
      <Alert color="red" title={MSG.common.somethingWrong}>
        <Button size="xs" variant="light" onClick={() => plans.refetch()}>
          {MSG.common.tryAgain}
        </Button>
      </Alert>
    );
  }
  const offered = plans.data.plans.filter((plan) => filter?.(plan) ?? true);

  return (
    <Stack gap="md">
      <Radio.Group
        label="Plan"
        required
        value={value.priceId}
        onChange={(priceId) => onChange({ ...value, priceId, chosen: describe(priceId, coupons) })}
        error={error}
      >
        {offered.length === 0 ? (
          <Text c="dimmed" py="sm">
            {MSG.common.noData}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
            {offered.map((plan) => {
              const price = discountedPrice(plan, coupons);
              const discounted = price.final !== price.original;
              return (
                <Radio.Card
                  key={plan.id}
                  value={plan.id}
                  disabled={disabled}
                  radius="md"
                  p="md"
                  aria-label={`${plan.nickname ?? plan.id}: $${formatPrice(price.final)} ${planPeriodLabel(plan.type)}`}
                >
                  <Group wrap="nowrap" align="flex-start">
                    <Radio.Indicator />
                    <Stack gap={2}>
                      <Text fw={700}>{plan.nickname ?? plan.id}</Text>
                      <Group gap={6} align="baseline">
                        <Text fw={700} size="xl" data-testid={`price-${plan.id}`}>
                          ${formatPrice(price.final)}
                        </Text>
                        {discounted && (
                          <Text size="sm" c="dimmed" td="line-through" data-testid={`original-${plan.id}`}>
                            ${formatPrice(price.original)}
                          </Text>
                        )}
                      </Group>
                      <Text size="sm" c="dimmed">
                        {planPeriodLabel(plan.type)}
                      </Text>
                    </Stack>
                  </Group>
                </Radio.Card>
              );
            })}
          </SimpleGrid>
        )}
      </Radio.Group>
      {entityCoupon && (
        <Text size="sm" c="teal.9">
          {MSG.billing.couponApplied(entityCoupon.name)}
        </Text>
      )}
      <TextInput
        label="Coupon"
        placeholder="Enter a coupon code"
        maw={360}
        value={code}
        disabled={disabled}
        onChange={(event) => {
          setCode(event.currentTarget.value);
          setCouponError(null);
        }}
        onBlur={checkCoupon}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void checkCoupon();
          }
        }}
        rightSection={checking ? <Loader size="xs" aria-label="Checking the coupon" /> : null}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        error={couponError}
        description={
          typed && !couponError ? (
            <Text span size="sm" c="teal.9" fw={600}>
              {typed.name}
            </Text>
          ) : undefined
        }
      />
    </Stack>
  );
}
