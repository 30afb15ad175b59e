// /manage-families/{id}/update-billing: new payment details for a monthly family ('Billing update!').
// The stored details fill the form; the card on file stays unless a new card is entered.
import { type BillingDetailsResponse, MSG, type UpdateBillingRequest } from '@bridge-talk/contract';
import { Alert, Button, Paper } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.js';
import { MissingOrFailed } from '../../shared/ui/missing-or-failed.js';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import {
  BillingForm,
  billingFormValuesOf,
  newIdempotencyKey,
  useBillingDetails,
  useUpdateBilling,
} from '../billing/index.js';
import { familyKeys } from './api/family-keys.js';
import { familyCrumbs, familyPagePath, useFamilyOfPage } from './components/family-header.js';
import { wizardErrorMessage } from './components/wizard-messages.js';

export function UpdateBillingPage() {
  const { id = '' } = useParams();
  const { family, name, missing } = useFamilyOfPage(id);
  const details = useBillingDetails(id);
  return (
    <>
      <PageHeader
        title={MSG.families.updateBilling}
        back={familyPagePath(id)}
        breadcrumbs={familyCrumbs(id, name, MSG.families.updateBilling)}
      />
      {family.isError || details.isError ? (
        <MissingOrFailed missing={missing} />
      ) : (
        <LoadingOverlay visible={family.isPending || details.isPending}>
          {family.data &&
            details.data &&
            (family.data.oneTime ? (
              <Alert color="blue">{MSG.billing.oneTimePlanCannotChange}</Alert>
            ) : (
              <UpdateBillingForm id={id} details={details.data} />
            ))}
        </LoadingOverlay>
      )}
    </>
  );
}

function UpdateBillingForm({ id, details }: { id: string; details: BillingDetailsResponse }) {
  const navigate = useNavigate();
  const update = useUpdateBilling();
  const queryClient = useQueryClient();
  const key = useRef(newIdempotencyKey());
  const saved = details.billingInformation;
  return (
    <Paper withBorder radius="md" p="xl" maw={860}>
      <BillingForm
        cardOnFile={saved && { brand: saved.cardBrand, last4: saved.cardLast4 }}
        defaultValues={saved ? billingFormValuesOf(saved) : undefined}
        secondaryAction={
          <Button component={Link} to={familyPagePath(id)} variant="default">
            {MSG.common.back}
          </Button>
        }
        onSubmit={async (payload: UpdateBillingRequest) => {
          try {
            const result = await update.mutateAsync({
              groupId: id,
              input: payload,
              idempotencyKey: key.current,
            });
            key.current = newIdempotencyKey();
            // The list shows the payment e-mail.
            await queryClient.invalidateQueries({ queryKey: familyKeys.lists() });
            notify.success(result.message);
            navigate(familyPagePath(id));
          } catch (error) {
            notify.error(wizardErrorMessage(error));
          }
        }}
      />
    </Paper>
  );
}
