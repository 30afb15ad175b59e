// /agreements-due: the caseworker's desk of contact agreements — the entity's families with an item
// overdue or due soon, overdue first, the longest owed first. The page lives in the address (?page=),
// so a reload, a deep link and Back keep it. A family opens its agreement, where a window is marked
// given or excused. Beside the title, the way to the agency's summary of a year.
import { AGREEMENT_MSG, type AgreementDueFamily, formatDate } from '@bridge-talk/contract';
import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarCheck, IconCalendarStats } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLastPageClamp, useListState } from '../../shared/routing/use-list-state.js';
import type { Column } from '../../shared/ui/data-table.js';
import { PagedTable } from '../../shared/ui/list-parts.js';
import { LoadError } from '../../shared/ui/load-error.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { AGREEMENTS_SUMMARY_PATH, agreementPath } from './agreement-paths.js';
import { useAgreementsDue } from './api/list-agreements-due.js';
import { AgreementStanding } from './components/agreement-standing.js';

const T = AGREEMENT_MSG;

const COLUMNS: Column<AgreementDueFamily>[] = [
  {
    key: 'family',
    header: T.columnFamily,
    width: '28%',
    // A long name takes two lines at most (whole in its title).
    render: (f) => (
      <Anchor
        component={Link}
        to={agreementPath(f.groupId)}
        state={{ groupName: f.familyName }}
        fw={600}
        lineClamp={2}
        title={f.familyName}
        dir="auto"
        style={{ overflowWrap: 'anywhere' }}
      >
        {f.familyName}
      </Anchor>
    ),
  },
  {
    key: 'standing',
    header: T.columnStanding,
    render: (f) => <AgreementStanding standing={f} />,
  },
  {
    key: 'items',
    header: T.columnItems,
    render: (f) => (
      <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {f.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a line of text, no state; two items alike (two letters from one side) may fall due on one day.
          <Text key={index} component="li" size="sm">
            {T.dueItem(T.kindLabel(item.kind), T.sideLabel(item.giver), formatDate(item.due))}
          </Text>
        ))}
      </Stack>
    ),
  },
];

export function AgreementsDuePage() {
  const listState = useListState();
  const { state, go } = listState;
  const list = useAgreementsDue(state.page);
  // The last family of the last page put right (or an old link): the page before it is shown instead.
  useLastPageClamp(listState, list);
  const { data } = list;

  return (
    <>
      <PageHeader
        title={T.dueTitle}
        info={T.dueIntro}
        actions={
          <Anchor
            component={Link}
            to={AGREEMENTS_SUMMARY_PATH}
            fw={600}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
          >
            <IconCalendarStats size={18} aria-hidden />
            {T.summaryLink}
          </Anchor>
        }
      />
      <Paper withBorder radius="md" p="md">
        {list.isError && !data ? (
          <LoadError onRetry={() => void list.refetch()} message={T.dueLoadFailed} />
        ) : data && data.total === 0 && !list.isPlaceholderData ? (
          <Stack align="center" gap="sm" py="xl">
            <IconCalendarCheck size={56} stroke={1.3} color="var(--mantine-color-green-6)" aria-hidden />
            <Text fw={600}>{T.noneDue}</Text>
          </Stack>
        ) : (
          <PagedTable
            caption={T.dueTitle}
            columns={COLUMNS}
            rows={data?.result}
            rowKey={(f) => f.groupId}
            loading={list.isPending}
            answer={data}
            page={state.page}
            onPage={(page) => go({ page })}
          />
        )}
      </Paper>
    </>
  );
}
