// The activity record as a table — When, Who, What — with its pages: a family's activity and the
// platform's show the same columns, a sentence per action from the catalogue and what the event names.
import { type ActivityEvent, type ActivityListResponse, formatDateTime, MSG } from '@bridge-talk/contract';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Column } from './data-table.js';
import { PagedTable } from './list-parts.js';
import { LoadError } from './load-error.js';

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

/** The zone the browser shows times in: said beside each time, so that a record read elsewhere is clear. */
function timeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const columns = (link?: (event: ActivityEvent) => ReactNode): Column<ActivityEvent>[] => [
  {
    key: 'when',
    header: MSG.activity.columnWhen,
    width: 190,
    render: (e) => (
      <Text size="sm" component="time" dateTime={e.at}>
        {MSG.activity.atInZone(formatDateTime(e.at), timeZone())}
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
        <Text size="sm" style={WRAP} dir="auto">
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
        {link?.(e)}
      </Stack>
    ),
  },
];

/**
 * The activity of a page: the failure with 'Try again' when it could not be loaded, else a card with an
 * optional heading above the table and its pages.
 */
export function ActivityTable({
  caption,
  heading,
  list,
  page,
  onPage,
  link,
  emptyText = MSG.activity.noEvents,
}: {
  caption: string;
  heading?: ReactNode;
  /** The way from an event to the item it names, when there is one. */
  link?: (event: ActivityEvent) => ReactNode;
  emptyText?: string;
  list: {
    data: ActivityListResponse | undefined;
    isPending: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  page: number;
  onPage: (page: number) => void;
}) {
  if (list.isError && !list.data)
    return <LoadError message={MSG.activity.loadFailed} onRetry={() => void list.refetch()} />;
  return (
    <Paper withBorder radius="md" p="md">
      {heading && (
        <Title order={2} size="h4" mb="sm">
          {heading}
        </Title>
      )}
      <PagedTable
        caption={caption}
        columns={columns(link)}
        rows={list.data?.events}
        rowKey={(e) => e.id}
        loading={list.isPending}
        emptyText={emptyText}
        answer={list.data}
        page={page}
        onPage={onPage}
      />
    </Paper>
  );
}
