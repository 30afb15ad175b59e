// The activity record as a table — When, Who, What — with its pages: a family's activity and the
// platform's show the same columns, a sentence per action from the catalogue and what the event names.
import { type ActivityEvent, type ActivityListResponse, formatDateTime, MSG } from '@bridge-talk/contract';
import { Stack, Text } from '@mantine/core';
import type { Column } from './data-table.js';
import { PagedTable } from './list-parts.js';

/** Long names and e-mails wrap anywhere rather than widen the table. */
const WRAP = { overflowWrap: 'anywhere' } as const;

/** What the event names beyond its sentence: the channel, the subject and the detail, each a line. */
function Particular({ text }: { text: string | null }) {
  return text ? (
    <Text size="sm" c="dimmed" style={WRAP}>
      {text}
    </Text>
  ) : null;
}

const COLUMNS: Column<ActivityEvent>[] = [
  {
    key: 'when',
    header: MSG.activity.columnWhen,
    width: 190,
    render: (e) => (
      <Text size="sm" component="time" dateTime={e.at}>
        {formatDateTime(e.at)}
      </Text>
    ),
  },
  {
    key: 'who',
    header: MSG.activity.columnWho,
    width: '30%',
    render: (e) =>
      e.actor === null ? (
        <Text size="sm" c="dimmed" fs="italic">
          {MSG.activity.someoneRemoved}
        </Text>
      ) : (
        <Text size="sm" style={WRAP}>
          {e.actor}
        </Text>
      ),
  },
  {
    key: 'what',
    header: MSG.activity.columnWhat,
    render: (e) => (
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {MSG.activity.actions[e.action]}
        </Text>
        <Particular text={e.channelNumber === null ? null : MSG.activity.channel(e.channelNumber)} />
        <Particular text={e.subject} />
        <Particular text={e.detail} />
      </Stack>
    ),
  },
];

export function ActivityTable({
  caption,
  data,
  loading,
  page,
  onPage,
}: {
  caption: string;
  data: ActivityListResponse | undefined;
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
}) {
  return (
    <PagedTable
      caption={caption}
      columns={COLUMNS}
      rows={data?.events}
      rowKey={(e) => e.id}
      loading={loading}
      emptyText={MSG.activity.noEvents}
      answer={data}
      page={page}
      onPage={onPage}
    />
  );
}
