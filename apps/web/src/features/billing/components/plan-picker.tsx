// The plan choice of the add-family wizard and the change-plan screen: the plans with 'one-time
// payment' / 'per month' and prices in two decimals after the entity's own coupon (applied
// automatically) and a typed coupon, checked when the field is left and again when the screen submits.
import {
  COUPON_CODE_MAX,
  type Coupon,
  couponPlanIds,
  discountedPrice,
  formatPrice,
  MSG,
  type Plan,
  planPeriodLabel,
} from '@bridge-talk/contract';
import { Alert, Button, Group, Loader, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/api-client.js';
import { afterPointerPress } from '../../../shared/forms/pointer-press.js';
import { findCoupon } from '../api/find-coupon.js';
import { plansQuery, usePlans } from '../api/get-plans.js';

/** The coupon codes a subscription call sends: the entity's own, then the typed one. */
function couponCodes(entityCoupon: Coupon | null, typedCoupon: Coupon | null): string[] {
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
  /** A coupon code to start with (a kept draft): it is checked as soon as the plans are known. */
  defaultCoupon?: string;
  /** Each change of the coupon field's text, for a draft to keep it. */
  onCouponText?: (code: string) => void;
}

/**
 * What a screen that pays asks the picker at submit: the coupon in the field is checked as leaving the
 * field checks it (or the check already under way is awaited), so a code typed and never left is not
 * silently dropped. null: the coupon was refused (its message shows), and nothing may be paid.
 */
export interface CouponCheck {
  settle(): Promise<PlanChoice | null>;
}

/** The coupon the field holds once checked: null when it is empty; 'refused' when it was refused. */
type CouponOutcome = Coupon | null | 'refused';

export function PlanPicker({
  value,
  onChange,
  error,
  filter,
  disabled,
  couponCheck,
  defaultCoupon = '',
  onCouponText,
}: PlanPickerProps & { couponCheck?: Ref<CouponCheck> }) {
  const queryClient = useQueryClient();
  const plans = usePlans();
  const [code, setCodeState] = useState(defaultCoupon);
  const [typed, setTyped] = useState<Coupon | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  // The latest field text and accepted coupon, for a check that runs before the next render.
  const codeNow = useRef(defaultCoupon);
  const setCode = (next: string) => {
    codeNow.current = next;
    setCodeState(next);
    onCouponText?.(next);
  };
  const typedNow = useRef<Coupon | null>(null);
  const running = useRef<{ code: string; outcome: Promise<CouponOutcome> } | null>(null);
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

  const accept = (coupon: Coupon | null): CouponOutcome => {
    typedNow.current = coupon;
    setTyped(coupon);
    return coupon;
  };
  // A refused code is emptied: these screens pay on Continue, and a code left showing would look applied.
  const refuse = (message: string): CouponOutcome => {
    accept(null);
    setCode('');
    setCouponError(message);
    return 'refused';
  };

  const lookUp = async (entered: string): Promise<CouponOutcome> => {
    // Its answer moves what is below: the click that left the field lands first.
    await afterPointerPress();
    setCouponError(null);
    if (entered === '') return accept(null);
    // No coupon is that long: refused like one that is not valid, with the limit's words, unasked.
    if (entered.length > COUPON_CODE_MAX)
      return refuse(MSG.validation.tooLong(MSG.fields.coupon, COUPON_CODE_MAX));
    const known = typedNow.current;
    if (known && entered.toLowerCase() === known.id.toLowerCase()) return known;
    setChecking(true);
    try {
      const found = await findCoupon(entered);
      const offered = (plans.data?.plans ?? []).filter((plan) => filter?.(plan) ?? true);
      if (!offered.some((plan) => couponPlanIds(found).includes(plan.id)))
        return refuse(MSG.billing.couponAppliesToNoPlan(found.name));
      return accept(found);
    } catch (failure) {
      // Spec: the field cleared and the original prices restored (the plans reloaded). A used-up
      // coupon is named by the server's text; any other failure is MSG.billing.couponNotValid.
      await queryClient.invalidateQueries({ queryKey: plansQuery().queryKey });
      return refuse(
        failure instanceof ApiError && failure.status === 422 ? failure.message : MSG.billing.couponNotValid,
      );
    } finally {
      setChecking(false);
    }
  };

  /** One check per code: leaving the field and the submit that follows share it. */
  const checkCoupon = (): Promise<CouponOutcome> => {
    const entered = codeNow.current.trim();
    if (running.current?.code !== entered) {
      const outcome = lookUp(entered);
      running.current = { code: entered, outcome };
      void outcome.finally(() => {
        if (running.current?.outcome === outcome) running.current = null;
      });
    }
    return running.current.outcome;
  };

  // A kept coupon is checked once, when there are plans to price it against.
  const plansKnown = plans.data !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the plans' arrival is news.
  useEffect(() => {
    if (plansKnown && defaultCoupon.trim() !== '') void checkCoupon();
  }, [plansKnown]);

  useImperativeHandle(couponCheck, () => ({
    async settle() {
      const outcome = await checkCoupon();
      if (outcome === 'refused') return null;
      const applied = [entityCoupon, outcome].filter((c): c is Coupon => c !== null);
      return {
        priceId: value.priceId,
        coupons: couponCodes(entityCoupon, outcome),
        chosen: describe(value.priceId, applied),
      };
    },
  }));

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
  if (plans.data.plans.length === 0) {
    return (
      <Alert color="orange" variant="light" role="alert">
        {MSG.billing.noPlanOffered}
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
        onBlur={() => void checkCoupon()}
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
