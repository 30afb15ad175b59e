// /activity (admin): the platform's activity — entity accounts, access requests, admin accounts, plans,
// coupons and terms versions — newest first, filtered by kind, by who did it and by day. The page and
// the filters live in the address, so a reload, a deep link and Back show the same list.
import {
  type ActivityEvent,
  isValidIsoDate,
  MSG,
  PLATFORM_ACTIVITY_KINDS,
  type PlatformActivityKind,
  ZPlatformActivityKind,
} from '@bridge-talk/contract';
import { Anchor, Button, Group, Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useLastPageClamp, useListState } from '../../shared/routing/use-list-state.js';
import { ActivityTable } from '../../shared/ui/activity-table.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { usePlatformActivity } from './api/list-platform-activity.js';

const KIND_OPTIONS = (Object.keys(PLATFORM_ACTIVITY_KINDS) as PlatformActivityKind[]).map((kind) => ({
  value: kind,
  label: MSG.activity.kinds[kind],
}));

/** The day of a filter as the address holds it ('YYYY-MM-DD'); anything else is no filter. */
function dayOf(value: string | null): string {
  return value && isValidIsoDate(value) ? value : '';
}

/** The browser's midnight that starts the day, as the instant the server compares with. */
function startOfDay(day: string, offsetDays = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + offsetDays).toISOString();
}

/** Where an event's item is, while it exists. */
function ItemLink({ event }: { event: ActivityEvent }) {
  const target = event.target;
  if (!target) return null;
  const [to, label] =
    target.kind === 'entity'
      ? [`/entity-management/${target.id}/details`, MSG.activity.openEntity]
      : target.kind === 'admin'
        ? [`/bridge-talk-admin/${target.id}/edit`, MSG.activity.openAdmin]
        : ['/payments', MSG.activity.openPayments];
  return (
    <Anchor component={Link} to={to} size="sm">
      {label}
    </Anchor>
  );
}

export function PlatformActivityPage() {
  const listState = useListState();
  const { state, go, typed, setTyped } = listState;
  const [params, setParams] = useSearchParams();
  const kindParam = ZPlatformActivityKind.safeParse(params.get('kind'));
  const kind = kindParam.success ? kindParam.data : undefined;
  const from = dayOf(params.get('from'));
  const to = dayOf(params.get('to'));
  const filtered = Boolean(kind || from || to || state.search);

  const list = usePlatformActivity({
    page: state.page,
    ...(kind ? { kind } : {}),
    ...(state.search ? { actor: state.search } : {}),
    ...(from ? { from: startOfDay(from) } : {}),
    // The last day is included: up to the next day's midnight.
    ...(to ? { to: startOfDay(to, 1) } : {}),
  });
  useLastPageClamp(listState, list);

  /** A new filter shows its first page. */
  function filter(key: 'kind' | 'from' | 'to', value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next, { replace: true, preventScrollReset: true });
  }

  function clear() {
    setTyped('');
    setParams(new URLSearchParams(), { replace: true, preventScrollReset: true });
  }

  return (
    <>
      <PageHeader title={MSG.activity.platformTitle} info={MSG.activity.platformIntro} />
      <Paper withBorder radius="md" p="md" mb="md" component="section" aria-label={MSG.activity.filters}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <Select
            label={MSG.activity.filterKind}
            placeholder={MSG.activity.allKinds}
            data={KIND_OPTIONS}
            value={kind ?? null}
            clearable
            onChange={(value) => filter('kind', value ?? '')}
          />
          <TextInput
            type="search"
            label={MSG.activity.filterActor}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={MSG.activity.filterFrom}
            value={from}
            max={to || undefined}
            onChange={(event) => filter('from', dayOf(event.currentTarget.value))}
          />
          <TextInput
            type="date"
            label={MSG.activity.filterTo}
            value={to}
            min={from || undefined}
            onChange={(event) => filter('to', dayOf(event.currentTarget.value))}
          />
        </SimpleGrid>
        {filtered && (
          <Group justify="flex-end" mt="sm">
            <Button variant="subtle" size="compact-sm" onClick={clear}>
              {MSG.activity.clearFilters}
            </Button>
          </Group>
        )}
      </Paper>
      <ActivityTable
        caption={MSG.activity.platformTitle}
        list={list}
        page={state.page}
        onPage={(page) => go({ page })}
        link={(event) => <ItemLink event={event} />}
        emptyText={filtered ? MSG.activity.noMatchingEvents : MSG.activity.noEvents}
      />
    </>
  );
}
