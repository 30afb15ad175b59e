// /agreements/summary: 'Agreements by year' — what the agency's contact agreements came to in a calendar
// year, for its annual reporting: the totals, a row per family (the most missed first, as the server
// sorts them) with a last row of totals, and the same year as the CSV the agency keeps. The year and the
// page live in the address (?year=&page=), so a reload, a deep link and Back keep them; a year the list
// does not offer shows the current one.
import {
  AGREEMENT_MSG,
  AGREEMENT_SUMMARY_FIRST_YEAR,
  type AgreementsSummaryResponse,
  type AgreementTally,
  MSG,
} from '@bridge-talk/contract';
import {
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconCalendarOff, IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api/api-client.js';
import { saveFile } from '../../shared/api/save-file.js';
import { useLastPageClamp, useListState } from '../../shared/routing/use-list-state.js';
import { useSessionUser } from '../../shared/session/session-provider.js';
import { ListFooter } from '../../shared/ui/list-parts.js';
import { LoadError } from '../../shared/ui/load-error.js';
import { notify } from '../../shared/ui/notify.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { agreementPath } from './agreement-paths.js';
import { downloadAgreementsSummary } from './api/download-agreements-summary.js';
import { useAgreementsSummary } from './api/get-agreements-summary.js';

const T = AGREEMENT_MSG;

/** Families a page of the table shows. */
const PAGE_SIZE = 25;

/** The table's columns are the CSV's: the family, then its tally in this order. */
const [FAMILY_HEADER, WINDOWS_HEADER, KEPT_HEADER, LATE_HEADER, MISSED_HEADER, EXCUSED_HEADER, OPEN_HEADER] =
  T.summaryColumns;
const TALLY_COLUMNS: { key: keyof AgreementTally; header: string }[] = [
  { key: 'windows', header: WINDOWS_HEADER },
  { key: 'kept', header: KEPT_HEADER },
  { key: 'late', header: LATE_HEADER },
  { key: 'missed', header: MISSED_HEADER },
  { key: 'excused', header: EXCUSED_HEADER },
  { key: 'open', header: OPEN_HEADER },
];

/** The year's figures above the table. */
const TOTALS: { label: string; value: (summary: AgreementsSummaryResponse) => number }[] = [
  { label: T.summaryFamilies, value: (s) => s.families },
  { label: T.summaryWindows, value: (s) => s.totals.windows },
  { label: T.summaryKept, value: (s) => s.totals.kept },
  { label: T.summaryLate, value: (s) => s.totals.late },
  { label: T.summaryMissed, value: (s) => s.totals.missed },
  { label: T.summaryExcused, value: (s) => s.totals.excused },
  { label: T.summaryOpen, value: (s) => s.totals.open },
];

const figure = (count: number) => count.toLocaleString('en-US');

/** The years offered: this one first, back to the first the summary can be asked for. */
function yearsUpTo(current: number): string[] {
  return Array.from({ length: current - AGREEMENT_SUMMARY_FIRST_YEAR + 1 }, (_, i) => String(current - i));
}

/** The address's year when the list offers it; the current year else (none, or an old or mistyped link). */
function yearOf(param: string | null, current: number): number {
  const year = Number(param);
  return param && /^\d{4}$/.test(param) && year >= AGREEMENT_SUMMARY_FIRST_YEAR && year <= current
    ? year
    : current;
}

function SummaryFigures({ summary }: { summary: AgreementsSummaryResponse }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm" mb="md">
      {TOTALS.map(({ label, value }) => (
        <Paper key={label} component="dl" withBorder radius="md" p="sm" m={0}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" fw={700} fz="xl" m={0}>
            {figure(value(summary))}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function TallyCells({ tally }: { tally: AgreementTally }) {
  return TALLY_COLUMNS.map(({ key }) => (
    <Table.Td key={key} ta="right">
      {figure(tally[key])}
    </Table.Td>
  ));
}

/** The families of a page, then the year's totals; on a narrow screen it scrolls sideways in its box. */
function SummaryTable({ summary, page }: { summary: AgreementsSummaryResponse; page: number }) {
  const rows = summary.rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    // Focusable, so that the keyboard can scroll it too.
    <Table.ScrollContainer
      minWidth={640}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={T.summaryTitle}
    >
      <Table striped highlightOnHover verticalSpacing="sm" tabularNums>
        <caption className="visually-hidden">{T.summaryTitle}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" miw={160}>
              {FAMILY_HEADER}
            </Table.Th>
            {TALLY_COLUMNS.map(({ key, header }) => (
              <Table.Th key={key} scope="col" ta="right">
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.groupId}>
              <Table.Th scope="row" fw={400}>
                <Anchor
                  component={Link}
                  to={agreementPath(row.groupId)}
                  state={{ groupName: row.familyName }}
                  fw={600}
                  dir="auto"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {row.familyName}
                </Anchor>
              </Table.Th>
              <TallyCells tally={row} />
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Th scope="row">{T.summaryTotalRow}</Table.Th>
            <TallyCells tally={summary.totals} />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

export function AgreementsSummaryPage() {
  const user = useSessionUser();
  const currentYear = new Date().getFullYear();
  const [params, setParams] = useSearchParams();
  const year = yearOf(params.get('year'), currentYear);
  const listState = useListState();
  const { state, go } = listState;
  // Keyed by the year, with no placeholder: another year's figures never stand under this one.
  const summary = useAgreementsSummary(year);
  const { data } = summary;
  const paging = useMemo(
    () => ({ data: data && { total: data.rows.length, pageSize: PAGE_SIZE }, isPlaceholderData: false }),
    [data],
  );
  // Fewer families than an old link's page: the last page instead.
  const pages = useLastPageClamp(listState, paging);
  const page = Math.min(state.page, pages);
  const [downloading, setDownloading] = useState(false);

  /** Another year, from its first page. */
  function chooseYear(value: string) {
    setParams({ year: value }, { preventScrollReset: true });
  }

  async function download() {
    setDownloading(true);
    try {
      saveFile(await downloadAgreementsSummary(year), T.summaryFileName(user.entityName ?? '', year));
    } catch (failure) {
      notify.error(failure instanceof ApiError ? failure.message : MSG.common.somethingWrong);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <>
      {/* Not in the side menu: the trail leads back to the desk it is opened from. */}
      <PageHeader
        title={T.summaryTitle}
        info={T.summaryIntro}
        breadcrumbs={[{ label: T.dueTitle, to: '/agreements-due' }, { label: T.summaryTitle }]}
      />
      <Group justify="space-between" align="flex-end" wrap="wrap" mb="md">
        <NativeSelect
          label={T.summaryYear}
          data={yearsUpTo(currentYear)}
          value={String(year)}
          onChange={(event) => chooseYear(event.currentTarget.value)}
          w={140}
        />
        {/* Disabled while the file comes (loading), so that a double click saves one file. */}
        <Button
          leftSection={<IconDownload size={16} />}
          loading={downloading}
          onClick={() => void download()}
        >
          {T.summaryDownload}
        </Button>
      </Group>
      {summary.isError && !data ? (
        <Paper withBorder radius="md" p="md">
          <LoadError onRetry={() => void summary.refetch()} message={T.summaryLoadFailed} />
        </Paper>
      ) : !data ? (
        <Paper withBorder radius="md" p="md">
          <Center py="xl">
            <Loader size="sm" aria-label="Loading" />
          </Center>
        </Paper>
      ) : data.families === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Stack align="center" gap="sm" py="xl">
            <IconCalendarOff size={56} stroke={1.3} color="var(--mantine-color-gray-6)" aria-hidden />
            <Text fw={600}>{T.summaryNone(year)}</Text>
          </Stack>
        </Paper>
      ) : (
        <>
          <SummaryFigures summary={data} />
          <Paper withBorder radius="md" p="md">
            <SummaryTable summary={data} page={page} />
            <ListFooter
              total={data.rows.length}
              pageSize={PAGE_SIZE}
              page={page}
              pages={pages}
              onPage={(next) => go({ page: next })}
              showRange={pages > 1}
            />
          </Paper>
        </>
      )}
    </>
  );
}
