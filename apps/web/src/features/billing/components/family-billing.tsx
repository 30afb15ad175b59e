// The family page's billing: the plan, the price the family pays after its coupons, the card, the next
// renewal of a monthly plan, and the charges with their outcome (newest first).
import {
  type BillingDetailsResponse,
  type Charge,
  cardLabel,
  formatDate,
  formatMoney,
  MSG,
  planPeriodLabel,
} from '@bridge-talk/contract';
import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Column, DataTable } from '../../../shared/ui/data-table.js';
import { LoadError } from '../../../shared/ui/load-error.js';
import { StatusBadge } from '../../../shared/ui/status-badge.js';
import { useBillingDetails } from '../api/get-billing-details.js';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} role="group" aria-label={label}>
      <Text size="sm" c="dimmed" aria-hidden>
        {label}
      </Text>
      <Text fw={600}>{children}</Text>
    </Stack>
  );
}

const columns: Column<Charge>[] = [
  { key: 'date', header: MSG.billing.columnDate, render: (c) => formatDate(c.at) },
  {
    key: 'amount',
    header: MSG.billing.columnAmount,
    align: 'right',
    render: (c) => formatMoney(c.amount),
  },
  {
    key: 'plan',
    header: MSG.billing.planLabel,
    render: (c) => `${c.planName} (${planPeriodLabel(c.planType)})`,
  },
  {
    key: 'coupon',
    header: MSG.billing.couponLabel,
    render: (c) => (c.couponNames.length > 0 ? c.couponNames.join(', ') : MSG.billing.noCoupon),
  },
  { key: 'card', header: MSG.billing.cardLabel, render: (c) => cardLabel(c.cardBrand, c.cardLast4) },
  {
    key: 'status',
    header: MSG.columns.status,
    render: (c) =>
      c.status === 'succeeded' ? (
        <StatusBadge color="green">{MSG.billing.chargeSucceeded}</StatusBadge>
      ) : (
        <StatusBadge color="red">{MSG.billing.chargeDeclined}</StatusBadge>
      ),
  },
];

function Facts({ details }: { details: BillingDetailsResponse }) {
  const { subscription, billingInformation } = details;
  if (!subscription) return <Text c="dimmed">{MSG.billing.noSubscription}</Text>;
  const monthly = subscription.type === 'recurring';
  return (
    <Stack gap="sm">
      {subscription.status === 'past_due' && (
        <Alert color="red" variant="light">
          {MSG.billing.renewalOverdue}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: monthly ? 5 : 4 }}>
        <Fact label={MSG.billing.planLabel}>
          {subscription.planName} ({planPeriodLabel(subscription.type)})
        </Fact>
        <Fact label={monthly ? MSG.billing.monthlyPrice : MSG.billing.pricePaid}>
          {formatMoney(subscription.amount)}
        </Fact>
        <Fact label={MSG.billing.couponLabel}>
          {subscription.couponNames.length > 0 ? subscription.couponNames.join(', ') : MSG.billing.noCoupon}
        </Fact>
        {monthly && (
          <Fact label={MSG.billing.nextRenewal}>
            {subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : '—'}
          </Fact>
        )}
        {billingInformation && (
          <Fact label={MSG.billing.cardLabel}>
            {cardLabel(billingInformation.cardBrand, billingInformation.cardLast4)}
          </Fact>
        )}
      </SimpleGrid>
    </Stack>
  );
}

export function FamilyBilling({ groupId }: { groupId: string }) {
  const details = useBillingDetails(groupId);
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        {MSG.billing.summaryTitle}
      </Title>
      {details.isError ? (
        <LoadError onRetry={() => void details.refetch()} />
      ) : (
        <Stack gap="md">
          {details.data && <Facts details={details.data} />}
          <Title order={3} size="h5">
            {MSG.billing.chargesTitle}
          </Title>
          <DataTable
            caption={MSG.billing.chargesTitle}
            columns={columns}
            rows={details.data?.charges}
            rowKey={(c) => c.id}
            loading={details.isPending}
            emptyText={MSG.billing.noCharges}
          />
        </Stack>
      )}
    </Paper>
  );
}
