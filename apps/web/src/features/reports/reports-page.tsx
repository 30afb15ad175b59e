// /reports: every message a member of the entity's families reported, open ones first, newest first.
// State, family and page live in the address, so a reload, a deep link and Back keep them. A row opens
// the conversation at the reported message; 'Mark as reviewed' asks what was done, 'Reopen' why.
import { familyDisplayName, formatDateTime, MSG, type Report, ROUTES } from '@bridge-talk/contract';
import { Anchor, Button, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { callApi } from '../../shared/api/api-client.js';
import { useLastPageClamp } from '../../shared/routing/use-list-state.js';
import type { Column } from '../../shared/ui/data-table.js';
import { PagedTable } from '../../shared/ui/list-parts.js';
import { LoadError } from '../../shared/ui/load-error.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { StatusBadge } from '../../shared/ui/status-badge.js';
import { type ReportListParams, useFamilyChoices, useOpenReportCount, useReportList } from './api/reports.js';
import { ReopenDialog } from './components/reopen-dialog.js';
import { channelLabel, reportLink } from './components/report-labels.js';
import { ReviewDialog } from './components/review-dialog.js';

const STATES = ['all', 'open', 'reviewed'] as const;

function readParams(params: URLSearchParams): ReportListParams {
  const state = params.get('state');
  const page = Number(params.get('page'));
  return {
    state: STATES.find((s) => s === state) ?? 'all',
    groupId: params.get('family') || undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function FamilyFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const choices = useFamilyChoices(debounced);
  // A family chosen by a deep link may not be among the first matches: its name is asked for once.
  const chosen = useQuery({
    queryKey: ['reports', 'family', value],
    queryFn: ({ signal }) => callApi(ROUTES.families.byId, { params: { id: value! }, signal }),
    enabled: Boolean(value),
    retry: false,
  });
  const data = useMemo(() => {
    const options = (choices.data?.result ?? [])
      .filter((g) => g.name !== null)
      .map((g) => ({ value: g._id, label: familyDisplayName(g) }));
    if (value && chosen.data && !options.some((o) => o.value === value))
      options.unshift({ value, label: familyDisplayName(chosen.data) });
    return options;
  }, [choices.data, chosen.data, value]);
  return (
    <Select
      label={MSG.reports.filterFamily}
      placeholder={MSG.reports.allFamilies}
      data={data}
      value={value ?? null}
      onChange={(id) => onChange(id ?? undefined)}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={MSG.common.noData}
      w={320}
      maw="100%"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Beyond this a note is folded to four lines: longer or with more lines, it may not fit them. */
const FOLDED_NOTE_CHARS = 160;
const FOLDED_NOTE_LINES = 4;

/** A review note, folded when long, unfolded in place to be read whole. */
function ReviewNote({ note }: { note: string }) {
  const [whole, setWhole] = useState(false);
  const long = note.length > FOLDED_NOTE_CHARS || note.split('\n').length > FOLDED_NOTE_LINES;
  const id = useId();
  return (
    <>
      <Text
        id={id}
        size="xs"
        lineClamp={long && !whole ? FOLDED_NOTE_LINES : undefined}
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {note}
      </Text>
      {long && (
        <Button
          size="compact-xs"
          variant="transparent"
          px={0}
          aria-expanded={whole}
          aria-controls={id}
          onClick={() => setWhole(!whole)}
        >
          {whole ? MSG.reports.showLessNote : MSG.reports.readWholeNote}
        </Button>
      )}
    </>
  );
}

export function ReportsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const params = readParams(searchParams);
  const list = useReportList(params);
  const [reviewing, setReviewing] = useState<Report | null>(null);
  const [reopening, setReopening] = useState<Report | null>(null);
  const openCount = useOpenReportCount();

  function go(next: Partial<ReportListParams>, replace = false) {
    const merged = { ...params, ...next };
    const query = new URLSearchParams();
    if (merged.state !== 'all') query.set('state', merged.state);
    if (merged.groupId) query.set('family', merged.groupId);
    if (merged.page > 1) query.set('page', String(merged.page));
    setSearchParams(query, { replace });
  }
  // The last report of the last page reviewed (or an old link): the page before it is shown instead.
  useLastPageClamp({ state: { search: '', sort: undefined, page: params.page }, go }, list);

  const data = list.data;
  const emptyText = params.groupId
    ? params.state === 'open'
      ? MSG.reports.noOpenReportsInFamily
      : params.state === 'reviewed'
        ? MSG.reports.noReviewedReportsInFamily
        : MSG.reports.noReportsInFamily
    : params.state === 'open'
      ? MSG.reports.noOpenReports
      : params.state === 'reviewed'
        ? MSG.reports.noReviewedReports
        : MSG.reports.noReports;
  // An empty family says what the filter hides: the open reports of the other families (the menu's
  // count is the entity's, and this family has none open when its list is empty).
  const openElsewhere = params.groupId && params.state !== 'reviewed' ? (openCount.data?.open ?? 0) : 0;

  const columns: Column<Report>[] = [
    {
      key: 'family',
      header: MSG.reports.columnFamily,
      width: '18%',
      // A long name takes two lines at most (whole in its title), and leaves the message its room.
      render: (r) => (
        <Anchor
          component={Link}
          to={`/manage-families/${r.groupId}/details`}
          fw={600}
          lineClamp={2}
          title={r.familyName}
          dir="auto"
          style={{ overflowWrap: 'anywhere' }}
        >
          {r.familyName}
        </Anchor>
      ),
    },
    {
      key: 'channel',
      header: MSG.reports.columnChannel,
      render: (r) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {channelLabel(r)}
        </Text>
      ),
    },
    {
      key: 'reportedBy',
      header: MSG.reports.columnReportedBy,
      width: '18%',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {r.reportedBy}
          </Text>
          {r.reason && (
            <Text size="xs" c="dimmed" lineClamp={2} title={r.reason}>
              {MSG.reports.reason}: {r.reason}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'reportedAt',
      header: MSG.reports.columnReportedAt,
      render: (r) => (
        <Text size="sm" component="time" dateTime={r.reportedAt} style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(r.reportedAt)}
        </Text>
      ),
    },
    {
      key: 'message',
      header: MSG.reports.columnMessage,
      width: '30%',
      render: (r) => (
        <Stack gap={2}>
          {r.author && (
            // A name of one long word wraps rather than widening the column past the window.
            <Text size="xs" c="dimmed" dir="auto" style={{ overflowWrap: 'anywhere' }}>
              {MSG.reports.writtenBy(r.author)}
            </Text>
          )}
          <Anchor
            component={Link}
            to={reportLink(r)}
            state={{ fromReports: `/reports${location.search}` }}
            aria-label={`${MSG.reports.openInConversation}: ${r.excerpt || MSG.reports.noText}`}
            size="sm"
            lineClamp={3}
            title={r.excerpt}
          >
            {r.excerpt || MSG.reports.noText}
          </Anchor>
        </Stack>
      ),
    },
    {
      key: 'state',
      header: MSG.reports.columnState,
      width: '16%',
      render: (r) =>
        r.state === 'open' ? (
          <Stack gap={6} align="flex-start">
            <StatusBadge color="red">{MSG.reports.stateOpen}</StatusBadge>
            <Button size="compact-sm" variant="light" onClick={() => setReviewing(r)}>
              {MSG.reports.review}
            </Button>
          </Stack>
        ) : (
          <Stack gap={4} align="flex-start">
            <StatusBadge color="green">{MSG.reports.stateReviewed}</StatusBadge>
            <Text size="xs" c="dimmed">
              {MSG.reports.reviewedBy(
                r.reviewedBy ?? MSG.activity.someoneRemoved,
                formatDateTime(r.reviewedAt ?? ''),
              )}
            </Text>
            {r.reviewNote && <ReviewNote note={r.reviewNote} />}
            <Button size="compact-sm" variant="subtle" onClick={() => setReopening(r)}>
              {MSG.reports.reopen}
            </Button>
          </Stack>
        ),
    },
  ];

  return (
    <>
      <PageHeader title={MSG.reports.title} info={MSG.reports.intro} />
      <Paper withBorder radius="md" p="md">
        <Group align="flex-end" mb="md" gap="lg" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="report-state-label">
              {MSG.reports.filterState}
            </Text>
            <SegmentedControl
              aria-labelledby="report-state-label"
              value={params.state}
              onChange={(state) => go({ state: state as ReportListParams['state'], page: 1 })}
              data={[
                { value: 'all', label: MSG.reports.stateAll },
                { value: 'open', label: MSG.reports.stateOpen },
                { value: 'reviewed', label: MSG.reports.stateReviewed },
              ]}
            />
          </Stack>
          <FamilyFilter value={params.groupId} onChange={(groupId) => go({ groupId, page: 1 })} />
        </Group>
        {list.isError && !data ? (
          <LoadError onRetry={() => void list.refetch()} message={MSG.reports.loadFailed} />
        ) : data && data.total === 0 && !list.isPlaceholderData ? (
          <Stack align="center" gap="sm" py="xl">
            <IconShieldCheck size={56} stroke={1.3} color="var(--mantine-color-green-6)" aria-hidden />
            <Text fw={600}>{emptyText}</Text>
            {openElsewhere > 0 && <Text size="sm">{MSG.reports.openElsewhere(openElsewhere)}</Text>}
            {params.groupId && (
              <Button variant="light" onClick={() => go({ groupId: undefined, page: 1 })}>
                {MSG.reports.showAllFamilies}
              </Button>
            )}
          </Stack>
        ) : (
          <PagedTable
            caption={MSG.reports.title}
            columns={columns}
            rows={data?.reports}
            rowKey={(r) => r.id}
            loading={list.isPending}
            rowProps={(r) => ({ muted: r.state === 'reviewed' })}
            answer={data}
            page={params.page}
            onPage={(page) => go({ page })}
          />
        )}
      </Paper>
      <ReviewDialog report={reviewing} onClose={() => setReviewing(null)} />
      <ReopenDialog report={reopening} onClose={() => setReopening(null)} />
    </>
  );
}
