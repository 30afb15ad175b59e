// Wizard step 1, Payment Details: the billing form (the billing feature's); saving it creates the
// family (or updates the payment details of the family being made) and keeps its id. Coming back to
// it (after a card was declined at step 2) the details on file fill the form: only a card is retyped.
// A card the bank refuses is refused here, and the form keeps everything typed. When no plan is offered
// at all, no card is asked for: the step says so instead.
import { cardBrandName, MSG } from '@bridge-talk/contract';
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError } from '../../../shared/api/api-client.js';
import { storeGroupId } from '../../../shared/session/storage.js';
import { notify } from '../../../shared/ui/notify.js';
import {
  BillingForm,
  billingDetailsQuery,
  billingFormValuesOf,
  newIdempotencyKey,
  usePlans,
  useSaveBilling,
} from '../../billing/index.js';
import { familyKeys } from '../api/family-keys.js';
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
  const queryClient = useQueryClient();
  const key = useRef(newIdempotencyKey());
  const details = useQuery({ ...billingDetailsQuery(groupId ?? ''), enabled: groupId !== null });
  const plans = usePlans();
  const saved = groupId ? details.data?.billingInformation : null;
  // No card is asked for when no plan could be chosen with it at the next step.
  if (plans.data?.plans.length === 0) {
    return (
      <Alert color="orange" variant="light" role="alert">
        {MSG.billing.noPlanOffered}
      </Alert>
    );
  }
  // The form takes its values when it first renders: wait for the details on file (and the plans).
  if ((groupId && details.isPending) || plans.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label={MSG.wizard.stepPaymentDetails} />
      </Center>
    );
  }

  return (
    <Stack gap="md">
      {saved && (
        <Alert color="blue" variant="light">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              {MSG.families.paymentDetailsSaved(cardBrandName(saved.cardBrand), saved.cardLast4)}
            </Text>
            <Button size="xs" onClick={onSkip}>
              {MSG.families.continueWithSavedPayment}
            </Button>
          </Group>
        </Alert>
      )}
      <BillingForm
        defaultValues={saved ? billingFormValuesOf(saved) : undefined}
        submitLabel={MSG.wizard.continueLabel}
        onSubmit={async (payload) => {
          try {
            const result = await save.mutateAsync({
              input: { ...payload, groupId },
              idempotencyKey: key.current,
            });
            key.current = newIdempotencyKey();
            // A new family is in the list from now on (unnamed, to be resumed from there).
            await queryClient.invalidateQueries({ queryKey: familyKeys.lists() });
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
