// /manage-families/{id}/agreement: the family's contact agreement — each item with every window so
// far and what it came to, the caseworker's marks (given on a day, or excused with a reason), and the
// earlier versions (?version=N, so a reload and a deep link show the same one).
import {
  AGREEMENT_MSG,
  type AgreementItem,
  type AgreementResponse,
  type AgreementWindowView,
  formatDate,
  MSG,
} from '@bridge-talk/contract';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { type Column, DataTable } from '../../shared/ui/data-table.js';
import { LoadingOverlay } from '../../shared/ui/loading-overlay.js';
import { MissingOrFailed } from '../../shared/ui/missing-or-failed.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { StatusBadge } from '../../shared/ui/status-badge.js';
import { familyCrumbs, familyPagePath, isMissingFamily, useFamilyOfPage } from '../families/index.js';
import { STATE_COLOR, windowStanding } from './agreement-labels.js';
import { agreementEditPath } from './agreement-paths.js';
import { useAgreement } from './api/agreements.js';
import { AgreementDocumentSection } from './components/agreement-document.js';
import { AgreementReport } from './components/agreement-report.js';
import { type MarkTarget, MarkWindowDialog } from './components/mark-window-dialog.js';

const T = AGREEMENT_MSG;

/** The version in the address: a whole number from 1, or none (the current one). */
function versionOf(value: string | null): number | undefined {
  const version = Number(value);
  return value !== null && Number.isInteger(version) && version >= 1 ? version : undefined;
}

export function AgreementPage() {
  const { id = '' } = useParams();
  const { name } = useFamilyOfPage(id);
  const [search, setSearch] = useSearchParams();
  const version = versionOf(search.get('version'));
  const answer = useAgreement(id, version);
  const [marking, setMarking] = useState<MarkTarget | null>(null);
  const missing = isMissingFamily(answer.error);
  const agreement = answer.data?.agreement ?? null;
  const current = answer.data?.versions[0];
  const isCurrent = agreement !== null && agreement.version === current?.version;

  return (
    <>
      <PageHeader
        title={T.title}
        back={familyPagePath(id)}
        breadcrumbs={familyCrumbs(id, name, T.title)}
        info={T.intro}
        actions={
          answer.isSuccess && (
            <Button
              component={Link}
              to={agreementEditPath(id)}
              state={{ groupName: name }}
              leftSection={<IconPencil size={16} />}
            >
              {answer.data.agreement ? T.edit : T.write}
            </Button>
          )
        }
      />
      {answer.isError ? (
        <MissingOrFailed missing={missing} />
      ) : (
        <LoadingOverlay visible={answer.isPending}>
          {answer.data && !agreement && <Text c="dimmed">{T.none}</Text>}
          {answer.data && agreement && (
            <Stack gap="lg">
              <Paper withBorder radius="md" p="md">
                <Stack gap="xs">
                  {answer.data.versions.length > 1 && (
                    <Select
                      label={T.versionLabel}
                      maw={360}
                      allowDeselect={false}
                      value={String(agreement.version)}
                      data={answer.data.versions.map((v, index) => ({
                        value: String(v.version),
                        label:
                          index === 0
                            ? T.versionCurrent(v.version, formatDate(v.effectiveFrom))
                            : T.versionOption(v.version, formatDate(v.effectiveFrom)),
                      }))}
                      onChange={(value) => {
                        const next = new URLSearchParams(search);
                        if (value === null || value === String(current?.version)) next.delete('version');
                        else next.set('version', value);
                        setSearch(next, { replace: true });
                      }}
                    />
                  )}
                  {!isCurrent && agreement.endsBefore && (
                    <Text size="sm">{T.pastVersionNote(formatDate(agreement.endsBefore))}</Text>
                  )}
                  <Text size="sm" c="dimmed">
                    {answer.data.versions.length === 1 &&
                      `${T.versionOption(agreement.version, formatDate(agreement.effectiveFrom))}. `}
                    {T.timeZoneNote(agreement.timeZone)} {T.reminderNote(agreement.reminderDays)}
                  </Text>
                </Stack>
              </Paper>
              {agreement.items.map((item) => (
                <ItemWindows
                  key={item.id}
                  item={item}
                  agreement={agreement}
                  canMark={isCurrent}
                  onMark={(type, window) => setMarking({ type, item, window })}
                />
              ))}
              {/* A version of its own each: what was chosen or refused for one is not shown on another. */}
              <AgreementDocumentSection
                key={agreement.version}
                groupId={id}
                document={agreement.document}
                version={agreement.version}
                isCurrent={isCurrent}
              />
              <AgreementReport groupId={id} familyName={name} today={agreement.today} />
            </Stack>
          )}
        </LoadingOverlay>
      )}
      <MarkWindowDialog
        groupId={id}
        target={marking}
        today={agreement?.today ?? ''}
        onClose={() => setMarking(null)}
      />
    </>
  );
}

type Agreement = NonNullable<AgreementResponse['agreement']>;

/** Windows a caseworker may still mark: not given, not excused, not cut short by a newer version. */
const MARKABLE = new Set(['open', 'overdue', 'missed']);

function ItemWindows({
  item,
  agreement,
  canMark,
  onMark,
}: {
  item: AgreementItem;
  agreement: Agreement;
  canMark: boolean;
  onMark: (type: MarkTarget['type'], window: AgreementWindowView) => void;
}) {
  const title = T.itemTitle(item);
  const columns: Column<AgreementWindowView>[] = [
    {
      key: 'window',
      header: T.columnWindow,
      render: (w) => T.windowRange(formatDate(w.from), formatDate(w.cutAt ?? w.due)),
    },
    { key: 'due', header: T.columnDue, render: (w) => formatDate(w.due) },
    {
      key: 'state',
      header: T.columnState,
      render: (w) => (
        <StatusBadge color={STATE_COLOR[w.state]}>{windowStanding(w, agreement.today)}</StatusBadge>
      ),
    },
    {
      key: 'note',
      header: T.columnMark,
      fullText: (w) => w.mark?.note ?? '',
      render: (w) =>
        w.mark ? (
          <Stack gap={0}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {w.mark.note}
            </Text>
            <Text size="xs" c="dimmed">
              {T.markedBy(w.mark.by ?? MSG.common.noData, formatDate(w.mark.at))}
            </Text>
          </Stack>
        ) : null,
    },
    ...(canMark
      ? [
          {
            key: 'actions',
            header: MSG.columns.actions,
            action: true,
            render: (w: AgreementWindowView) =>
              !w.mark && MARKABLE.has(w.state) ? (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => onMark('given', w)}
                    aria-label={`${T.markGiven}: ${title}, ${formatDate(w.due)}`}
                  >
                    {T.markGiven}
                  </Button>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => onMark('excused', w)}
                    aria-label={`${T.excuse}: ${title}, ${formatDate(w.due)}`}
                  >
                    {T.excuse}
                  </Button>
                </Group>
              ) : null,
          } satisfies Column<AgreementWindowView>,
        ]
      : []),
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {T.itemSchedule(item)} · {item.counted ? T.countedNote : T.markedNote}
      </Text>
      {item.note && (
        <Text size="sm" mb="xs" style={{ overflowWrap: 'anywhere' }}>
          {item.note}
        </Text>
      )}
      <DataTable
        caption={title}
        columns={columns}
        rows={[...item.windows].reverse()}
        rowKey={(w) => w.due}
        emptyText={T.noWindows}
      />
    </Paper>
  );
}
