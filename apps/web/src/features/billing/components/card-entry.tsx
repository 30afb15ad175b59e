// Card entry in either payment mode: Stripe's hosted fields when Stripe takes the payments, the
// local card form otherwise. Either way the form around it gets a token, never a card number.
import { MSG } from '@bridge-talk/contract';
import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { lazy, type Ref, Suspense } from 'react';
import { usePaymentsConfig } from '../../payments/index.js';
import type { CardEntryHandle } from './card-entry-handle.js';
import { LocalCardFields } from './local-card-fields.js';

const StripeCardFields = lazy(() => import('./stripe-card-fields.js'));

function Loading() {
  return (
    <Center py="md">
      <Loader size="sm" aria-label="Loading card fields" />
    </Center>
  );
}

/** `optional`: a card is on file, and the fields may stay empty to keep it. */
export function CardEntry({
  ref,
  disabled,
  optional = false,
}: {
  ref?: Ref<CardEntryHandle>;
  disabled?: boolean;
  optional?: boolean;
}) {
  const config = usePaymentsConfig();
  if (config.isPending) return <Loading />;
  if (config.isError) {
    return (
      <Alert color="red" title={MSG.common.somethingWrong}>
        <Group justify="space-between">
          <Text size="sm">{MSG.billing.cardFieldsUnavailable}</Text>
          <Button size="xs" variant="light" onClick={() => config.refetch()}>
            {MSG.common.tryAgain}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (config.data.provider === 'stripe' && config.data.publishableKey) {
    return (
      <Suspense fallback={<Loading />}>
        <StripeCardFields ref={ref} publishableKey={config.data.publishableKey} required={!optional} />
      </Suspense>
    );
  }
  return <LocalCardFields ref={ref} disabled={disabled} required={!optional} />;
}
