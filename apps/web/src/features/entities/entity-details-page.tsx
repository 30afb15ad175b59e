// /entity-management/{id}/details: the entity read-only, and what its families pay: the active monthly
// and one-time plans after the entity's coupon (the price rule of the contract).
import {
  type Coupon,
  discountedPrice,
  type Entity,
  type EntityDetails,
  entityStatusLabel,
  formatDateTime,
  formatMoney,
  MSG,
  type Plan,
  planPeriodLabel,
} from '@bridge-talk/contract';
import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api/api-client.js';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.js';
import { DetailField } from '../../shared/ui/detail-field.js';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.js';
import { MissingOrFailed } from '../../shared/ui/missing-or-failed.js';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { StatusBadge } from '../../shared/ui/status-badge.js';
import { ResetSecondFactorButton } from '../account/index.js';
import { useEntity } from './api/get-entity.js';
import { useEntityPlans } from './api/get-entity-plans.js';
import { useRejectAccessRequest } from './api/reject-access-request.js';

/** Shown for a price that cannot be known (no such plan, or the plans could not be read). */
export const NO_PRICE = '—';
/** Shown for a contract date never set (an entity that asked for access). */
const NO_DATE = '—';

const KIND_LABEL = { recurring: MSG.plans.monthlyPlan, one_time: MSG.plans.lifetimePlan } as const;

/**
 * The active plans of that type with their price after the entity's coupon. One plan carries the
 * spec's label alone; several are each named, so that the label says which; none is one '—'.
 */
export function planPrices(
  plans: Plan[] | undefined,
  coupon: Coupon | null,
  type: Plan['type'],
): { key: string; label: string; price: string }[] {
  const active = (plans ?? []).filter((p) => p.active && p.type === type);
  if (active.length === 0) return [{ key: type, label: KIND_LABEL[type], price: NO_PRICE }];
  return active.map((plan) => ({
    key: plan.id,
    label:
      active.length === 1
        ? KIND_LABEL[type]
        : MSG.plans.namedPlan(KIND_LABEL[type], plan.nickname ?? plan.id),
    price: formatMoney(discountedPrice(plan, coupon ? [coupon] : []).final),
  }));
}

export function EntityDetailsPage() {
  const { id = '' } = useParams();
  const entity = useEntity(id);
  const missing = entity.error instanceof ApiError && entity.error.status === 404;

  useEffect(() => {
    if (entity.isError && !missing) notify.error(MSG.common.somethingWrong);
  }, [entity.isError, missing]);

  return (
    <>
      <PageHeader
        title={entity.data?.name ?? 'Entity details'}
        back="/entity-management"
        breadcrumbs={[
          { label: MSG.nav.entityManagement, to: '/entity-management' },
          { label: entity.data?.name ?? 'Entity details' },
        ]}
        info={entity.data && <EntityStatus entity={entity.data} />}
        actions={
          entity.data && (
            <Group gap="sm">
              {entity.data.status === 'pending' && <RejectRequest entity={entity.data} />}
              {entity.data.status !== 'pending' && entity.data.accountId && (
                <ResetSecondFactorButton userId={entity.data.accountId} name={entity.data.name} />
              )}
              <Button
                component={Link}
                to={`/entity-management/${id}/edit`}
                leftSection={<IconPencil size={16} />}
              >
                {MSG.common.edit}
              </Button>
            </Group>
          )
        }
      />
      {entity.isError ? (
        <MissingOrFailed missing={missing} />
      ) : (
        <LoadingOverlay visible={entity.isPending}>
          {entity.data &&
            (entity.data.status === 'pending' ? (
              <AccessRequest entity={entity.data} />
            ) : (
              <EntityDetailsCards entity={entity.data} />
            ))}
        </LoadingOverlay>
      )}
    </>
  );
}

/** Rejecting a pending access request, after a confirmation that offers to tell the requester. */
function RejectRequest({ entity }: { entity: EntityDetails }) {
  const navigate = useNavigate();
  const reject = useRejectAccessRequest(entity._id);
  const [asking, setAsking] = useState(false);
  const [tell, setTell] = useState(true);

  async function confirm() {
    try {
      const answer = await reject.mutateAsync(tell);
      notify.success(answer.message);
      navigate('/entity-management');
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : MSG.common.somethingWrong);
      setAsking(false);
    }
  }

  return (
    <>
      <Button color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => setAsking(true)}>
        {MSG.accessRequests.reject}
      </Button>
      <ConfirmDialog
        opened={asking}
        message={MSG.accessRequests.rejectConfirm}
        confirmLabel={MSG.accessRequests.reject}
        destructive
        onCancel={() => setAsking(false)}
        onConfirm={confirm}
      >
        <Checkbox
          mb="lg"
          label={MSG.accessRequests.notifyRequester}
          checked={tell}
          onChange={(event) => setTell(event.currentTarget.checked)}
        />
      </ConfirmDialog>
    </>
  );
}

/** What an access request holds: who asks, for which kind of entity, how to reach them, and when. */
function AccessRequest({ entity }: { entity: EntityDetails }) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Paper withBorder p="xl" radius="md" maw={860}>
      <Title order={2} size="h4" mb="md">
        {MSG.accessRequests.title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DetailField label={MSG.fields.entityName} value={entity.name} />
        <DetailField label={MSG.accessRequests.contactPerson} value={entity.contactName ?? ''} />
        <DetailField
          label={MSG.accessRequests.type}
          value={entity.subtype === 'agency' ? MSG.extra.subtypeAgency : MSG.extra.subtypeLawyer}
        />
        <DetailField label={MSG.fields.email} value={entity.email} />
        <DetailField label={MSG.fields.phone} value={entity.phone} />
        <DetailField
          label={MSG.accessRequests.requestedOn}
          value={MSG.activity.atInZone(formatDateTime(entity.createdAt), zone)}
        />
      </SimpleGrid>
    </Paper>
  );
}

function EntityStatus({ entity }: { entity: Entity }) {
  return (
    <StatusBadge color={entity.active ? 'green' : 'gray'}>{entityStatusLabel(entity.status)}</StatusBadge>
  );
}

function EntityDetailsCards({ entity }: { entity: Entity }) {
  const plans = useEntityPlans(entity._id);
  const coupon = plans.data?.entityCoupon ?? null;
  return (
    <Stack maw={860}>
      <Paper withBorder p="xl" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DetailField label={MSG.fields.entityName} value={entity.name} />
          <DetailField
            label={MSG.fields.entityType}
            value={entity.subtype === 'lawyer' ? MSG.extra.subtypeLawyer : MSG.extra.subtypeAgency}
          />
          <DetailField label="Email" value={entity.email} />
          <DetailField label="Phone" value={entity.phone} />
          <DetailField label="Address" value={entity.address} />
          <DetailField label={MSG.fields.startContract} value={entity.startContract ?? NO_DATE} />
          <DetailField label={MSG.fields.endContract} value={entity.endContract ?? NO_DATE} />
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="xl" radius="md" aria-busy={plans.isPending || undefined}>
        <Title order={2} size="h4" mb={coupon ? 4 : 'md'}>
          Plans
        </Title>
        {coupon && (
          <Text size="sm" c="dimmed" mb="md">
            After the coupon {entity.coupon}: {coupon.name}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {(['recurring', 'one_time'] as const).flatMap((type) =>
            planPrices(plans.data?.plans, coupon, type).map((shown) => (
              <TextInput
                key={shown.key}
                label={shown.label}
                value={plans.isPending ? '' : shown.price}
                description={planPeriodLabel(type)}
                readOnly
                variant="filled"
              />
            )),
          )}
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
