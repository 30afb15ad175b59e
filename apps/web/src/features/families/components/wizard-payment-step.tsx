// Wizard step 1, Payment Details: the billing form (the billing feature's); saving it creates the
// family (or updates the payment details of the family being made) and keeps its id.
import { MSG } from '@bridge-talk/contract';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError } from '../../../shared/api/api-client.js';
import { storeGroupId } from '../../../shared/session/storage.js';
import { notify } from '../../../shared/ui/notify.js';
import { BillingForm, billingDetailsQuery, newIdempotencyKey, useSaveBilling } from '../../billing/index.js';
import { wizardErrorMessage } from './wizard-messages.js';

export function WizardPaymentStep({
  groupId,
  onDone,
  onSkip,
}: {
  groupId: string | null;
  onDone: (groupId: string) => void;
  onSkip: () => void;
}) {
  const save = useSaveBilling();
  const key = useRef(newIdempotencyKey());
  const details = useQuery({ ...billingDetailsQuery(groupId ?? ''), enabled: groupId !== null });
  const saved = groupId ? details.data?.billingInformation : null;

  return (
    <Stack gap="md">
      {saved && (
        <Alert color="blue" variant="light">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">{MSG.families.paymentDetailsSaved(saved.cardBrand, saved.cardLast4)}</Text>
            <Button size="xs" onClick={onSkip}>
              {MSG.families.continueWithSavedPayment}
            </Button>
          </Group>
        </Alert>
      )}
      <BillingForm
        phoneRule="add-family"
        submitLabel={MSG.wizard.continueLabel}
        onSubmit={async (payload) => {
          try {
            const result = await save.mutateAsync({
              input: { ...payload, groupId },
              idempotencyKey: key.current,
            });
            key.current = newIdempotencyKey();
            storeGroupId(result._id);
            notify.success(result.message);
            onDone(result._id);
          } catch (error) {
            // The kept family is gone: the next save starts a new one.
            if (error instanceof ApiError && error.status === 404) storeGroupId(null);
            notify.error(wizardErrorMessage(error));
          }
        }}
      />
    </Stack>
  );
}
