// /payments (admins). With Stripe: one button, 'Manage Plans on Stripe', opening the Stripe dashboard
// in a new tab. With the local provider the portal is the provider, so its "dashboard"
// is this page: 'Manage Plans on Bridge Talk' heads the plans and coupons, administered here, rather
// than a button that would only open the same screens again.
import { type AdminCoupon, type AdminPlan, MSG } from '@bridge-talk/contract';
import { Alert, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconExternalLink, IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.js';
import { type Column, DataTable } from '../../shared/ui/data-table.js';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.js';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { StatusBadge } from '../../shared/ui/status-badge.js';
import { useSetPlanActive } from './api/archive-plan.js';
import { useArchiveCoupon } from './api/edit-coupon.js';
import { usePaymentsConfig } from './api/get-payments-config.js';
import { useAdminCoupons } from './api/list-coupons.js';
import { useAdminPlans } from './api/list-plans.js';
import { EditCouponDialog } from './edit-coupon-dialog.js';
import { discountLabel, planPriceLabel, planTypeLabel } from './plan-labels.js';

export function PaymentsPage() {
  const config = usePaymentsConfig();
  return (
    <>
      <PageHeader title={MSG.nav.payments} />
      <LoadingOverlay visible={config.isPending}>
        {config.isError && <Alert color="red">{MSG.common.somethingWrong}</Alert>}
        {config.data?.provider === 'stripe' && (
          <Paper withBorder p="xl" radius="md">
            <Button
              component="a"
              href={config.data.dashboardUrl ?? 'https://dashboard.stripe.com/'}
              target="_blank"
              rel="noopener noreferrer"
              size="md"
              rightSection={<IconExternalLink size={18} />}
            >
              {MSG.payments.managePlansOn('Stripe')}
            </Button>
          </Paper>
        )}
        {config.data?.provider === 'local' && <LocalCatalog />}
      </LoadingOverlay>
    </>
  );
}

function LocalCatalog() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'coupons' ? 'coupons' : 'plans';
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {MSG.payments.managePlansOn(MSG.payments.localProviderName)}
      </Title>
      <Text c="dimmed" mt={4} mb="md">
        {MSG.payments.localProviderIntro}
      </Text>
      <Tabs
        keepMounted={false}
        value={tab}
        onChange={(value) => setParams(value === 'coupons' ? { tab: 'coupons' } : {})}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="plans">{MSG.payments.plansTitle}</Tabs.Tab>
          <Tabs.Tab value="coupons">{MSG.payments.couponsTitle}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="plans">
          <PlansPanel />
        </Tabs.Panel>
        <Tabs.Panel value="coupons">
          <CouponsPanel />
        </Tabs.Panel>
      </Tabs>
    </section>
  );
}

/**
 * The question before archiving: a warning when the plan is the last active one of its kind (or of
 * all), since agencies and lawyers are then offered no such plan.
 */
function archiveQuestion(plan: AdminPlan, plans: AdminPlan[]): string {
  const othersActive = plans.filter((other) => other.active && other.id !== plan.id);
  if (othersActive.length === 0) return MSG.payments.archiveLastPlanConfirm;
  if (!othersActive.some((other) => other.type === plan.type))
    return MSG.payments.archiveLastOfKindConfirm(planTypeLabel(plan.type).toLowerCase());
  return MSG.payments.archivePlanConfirm;
}

function PlansPanel() {
  const plans = useAdminPlans();
  const setActive = useSetPlanActive();
  const [archiving, setArchiving] = useState<AdminPlan | null>(null);
  const [restoring, setRestoring] = useState<string | null>(null);
  const restore = async (plan: AdminPlan) => {
    setRestoring(plan.id);
    try {
      await setActive.mutateAsync({ id: plan.id, active: true });
      notify.success(MSG.payments.planRestored);
    } catch {
      notify.error(MSG.common.somethingWrong);
    } finally {
      setRestoring(null);
    }
  };
  const columns: Column<AdminPlan>[] = [
    {
      key: 'name',
      header: 'Name',
      fullText: (plan) => plan.name,
      render: (plan) => <Text fw={600}>{plan.name}</Text>,
    },
    { key: 'type', header: 'Type', render: (plan) => planTypeLabel(plan.type) },
    { key: 'price', header: 'Price', render: (plan) => planPriceLabel(plan) },
    {
      key: 'id',
      header: 'Plan id',
      render: (plan) => (
        <Text size="xs" ff="monospace">
          {plan.id}
        </Text>
      ),
    },
    {
      key: 'status',
      header: MSG.columns.status,
      render: (plan) =>
        plan.active ? (
          <StatusBadge color="green">{MSG.payments.active}</StatusBadge>
        ) : (
          <StatusBadge color="gray">{MSG.payments.archived}</StatusBadge>
        ),
    },
    {
      key: 'archive',
      header: MSG.payments.archive,
      align: 'right',
      render: (plan) =>
        plan.active ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => setArchiving(plan)}
            aria-label={`${MSG.payments.archive} ${plan.name}`}
          >
            {MSG.payments.archive}
          </Button>
        ) : (
          <Button
            size="xs"
            variant="subtle"
            loading={restoring === plan.id}
            onClick={() => void restore(plan)}
            aria-label={`${MSG.payments.restore} ${plan.name}`}
          >
            {MSG.payments.restore}
          </Button>
        ),
    },
  ];
  return (
    <Stack>
      <Group justify="flex-end">
        <Button component={Link} to="/payments/plans/new" leftSection={<IconPlus size={16} />}>
          {MSG.payments.newPlan}
        </Button>
      </Group>
      {plans.isError && <Alert color="red">{MSG.common.somethingWrong}</Alert>}
      <DataTable
        caption={MSG.payments.plansTitle}
        columns={columns}
        rows={plans.data?.plans}
        rowKey={(plan) => plan.id}
        loading={plans.isPending}
        rowProps={(plan) => ({ muted: !plan.active })}
        emptyText={MSG.payments.noPlans}
      />
      <ConfirmDialog
        opened={archiving !== null}
        message={archiving ? archiveQuestion(archiving, plans.data?.plans ?? []) : ''}
        loading={setActive.isPending}
        destructive
        onCancel={() => setArchiving(null)}
        onConfirm={async () => {
          if (!archiving) return;
          try {
            await setActive.mutateAsync({ id: archiving.id, active: false });
            notify.success(MSG.payments.planArchived);
          } catch {
            notify.error(MSG.common.somethingWrong);
          }
          setArchiving(null);
        }}
      />
    </Stack>
  );
}

function CouponsPanel() {
  const coupons = useAdminCoupons();
  const plans = useAdminPlans();
  const archive = useArchiveCoupon();
  const [editing, setEditing] = useState<AdminCoupon | null>(null);
  const [archiving, setArchiving] = useState<AdminCoupon | null>(null);
  const planName = (id: string) => plans.data?.plans.find((plan) => plan.id === id)?.name ?? id;
  const columns: Column<AdminCoupon>[] = [
    {
      key: 'id',
      header: 'Code',
      render: (coupon) => (
        <Text fw={600} ff="monospace">
          {coupon.id}
        </Text>
      ),
    },
    { key: 'name', header: 'Name', fullText: (coupon) => coupon.name, render: (coupon) => coupon.name },
    { key: 'discount', header: 'Discount', render: (coupon) => discountLabel(coupon) },
    {
      key: 'plans',
      header: MSG.payments.plansTitle,
      render: (coupon) =>
        (coupon.metadata.products ?? '').split(',').filter(Boolean).map(planName).join(', '),
    },
    {
      key: 'max',
      header: MSG.fields.maxRedemptions,
      align: 'right',
      render: (coupon) => coupon.max_redemptions ?? '—',
    },
    { key: 'redeemed', header: 'Times redeemed', align: 'right', render: (coupon) => coupon.times_redeemed },
    {
      key: 'status',
      header: MSG.columns.status,
      render: (coupon) =>
        coupon.archived ? (
          <StatusBadge color="gray">{MSG.payments.archived}</StatusBadge>
        ) : (
          <StatusBadge color="green">{MSG.payments.active}</StatusBadge>
        ),
    },
    {
      key: 'actions',
      action: true,
      header: MSG.columns.actions,
      align: 'right',
      render: (coupon) =>
        coupon.archived ? null : (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Button
              size="xs"
              variant="subtle"
              onClick={() => setEditing(coupon)}
              aria-label={`${MSG.common.edit} ${coupon.id}`}
            >
              {MSG.common.edit}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => setArchiving(coupon)}
              aria-label={`${MSG.payments.archive} ${coupon.id}`}
            >
              {MSG.payments.archive}
            </Button>
          </Group>
        ),
    },
  ];
  return (
    <Stack>
      <Group justify="flex-end">
        <Button component={Link} to="/payments/coupons/new" leftSection={<IconPlus size={16} />}>
          {MSG.payments.newCoupon}
        </Button>
      </Group>
      {coupons.isError && <Alert color="red">{MSG.common.somethingWrong}</Alert>}
      <DataTable
        caption={MSG.payments.couponsTitle}
        columns={columns}
        rows={coupons.data?.coupons}
        rowKey={(coupon) => coupon.id}
        loading={coupons.isPending}
        rowProps={(coupon) => ({ muted: coupon.archived })}
        emptyText={MSG.payments.noCoupons}
      />
      {editing && <EditCouponDialog coupon={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={archiving !== null}
        message={archiving ? MSG.payments.archiveCouponConfirm(archiving.id) : ''}
        confirmLabel={MSG.payments.archive}
        loading={archive.isPending}
        destructive
        onCancel={() => setArchiving(null)}
        onConfirm={async () => {
          if (!archiving) return;
          try {
            await archive.mutateAsync(archiving.id);
            notify.success(MSG.payments.couponArchived);
          } catch {
            notify.error(MSG.common.somethingWrong);
          }
          setArchiving(null);
        }}
      />
    </Stack>
  );
}
