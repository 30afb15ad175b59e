// Search in the conversation: words typed and submitted (Enter), how many messages hold them, those
// messages newest first with their author, date and the words found marked, more of them page by page,
// and each hit opens the conversation at that message.
import {
  formatDateTime,
  type MessageSearchHit,
  MSG,
  markSearchWords,
  ZMessageSearchQuery,
} from '@bridge-talk/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Loader, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../../shared/api/api-client.js';
import { LoadError } from '../../../shared/ui/load-error.js';
import { useSearchMessages } from '../api/search-messages.js';

const ZSearchForm = ZMessageSearchQuery.pick({ q: true });

export interface ConversationSearchProps {
  groupId: string;
  channelId: string;
  /** The message a hit opens the conversation at. */
  onOpen: (messageId: string) => void;
  /** The message the conversation is open at, if any: its hit is marked. */
  openId?: string | null;
}

/** The excerpt with the words searched for marked: text nodes and <mark> only, never html. */
function Excerpt({ text, q }: { text: string; q: string }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="search-excerpt">
      {markSearchWords(text, q).map((part, i) =>
        // The parts of one excerpt never move: their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </Text>
  );
}

function Hit({
  hit,
  q,
  open,
  onOpen,
}: {
  hit: MessageSearchHit;
  q: string;
  open: boolean;
  onOpen: () => void;
}) {
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-current={open ? 'true' : undefined}
      aria-label={`${MSG.search.jumpTo}: ${MSG.search.hitLabel(hit.user.name, formatDateTime(hit.created_at))}`}
      className="search-hit"
      p="xs"
      w="100%"
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: open ? 'var(--mantine-color-yellow-0)' : undefined,
      }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={700} truncate dir="auto">
          {hit.user.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(hit.created_at)}
        </Text>
      </Group>
      <Excerpt text={hit.excerpt} q={q} />
    </UnstyledButton>
  );
}

export function ConversationSearch({ groupId, channelId, onOpen, openId = null }: ConversationSearchProps) {
  const [q, setQ] = useState('');
  const form = useForm<{ q: string }>({ resolver: zodResolver(ZSearchForm), defaultValues: { q: '' } });
  const search = useSearchMessages(groupId, channelId, q);
  const hits = search.data?.pages.flatMap((p) => p.hits) ?? [];
  const total = search.data?.pages[0]?.total ?? null;

  const onSubmit = form.handleSubmit(({ q: words }) => {
    if (words === q) void search.refetch();
    setQ(words);
  });

  const clear = () => {
    form.reset({ q: '' });
    setQ('');
  };

  const failure =
    // A refused search says why (the words, too slow a search, too many at once); anything else failed.
    search.error instanceof ApiError && [400, 422, 429].includes(search.error.status)
      ? search.error.message
      : MSG.search.failed;

  return (
    <Stack gap="xs">
      <form onSubmit={onSubmit} aria-label={MSG.search.label} noValidate>
        <Group align="flex-start" gap="xs">
          <TextInput
            label={MSG.search.label}
            placeholder={MSG.search.placeholder}
            leftSection={<IconSearch size={16} aria-hidden />}
            error={form.formState.errors.q?.message}
            style={{ flex: 1 }}
            {...form.register('q')}
          />
          <Group gap="xs" mt={25}>
            <Button type="submit">{MSG.search.submit}</Button>
            {q && (
              <Button variant="subtle" onClick={clear}>
                {MSG.search.clear}
              </Button>
            )}
          </Group>
        </Group>
      </form>

      {q &&
        (search.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {MSG.search.searching}
            </Text>
          </Group>
        ) : search.isError ? (
          <LoadError message={failure} onRetry={() => void search.refetch()} />
        ) : hits.length === 0 ? (
          <Text size="sm" c="dimmed" role="status">
            {MSG.search.noHits}
          </Text>
        ) : (
          <Paper withBorder radius="md" p="xs" mah={320} style={{ overflowY: 'auto' }}>
            <Text size="sm" c="dimmed" role="status" px="xs">
              {total !== null ? MSG.search.matches(total) : MSG.search.hits(hits.length, search.hasNextPage)}
            </Text>
            <Stack
              component="ul"
              gap={2}
              m={0}
              p={0}
              aria-label={MSG.search.resultsLabel}
              style={{ listStyle: 'none' }}
            >
              {hits.map((hit) => (
                <li key={hit.id}>
                  <Hit hit={hit} q={q} open={hit.id === openId} onOpen={() => onOpen(hit.id)} />
                </li>
              ))}
            </Stack>
            {search.hasNextPage && (
              <Button
                variant="subtle"
                size="compact-sm"
                mt="xs"
                loading={search.isFetchingNextPage}
                onClick={() => void search.fetchNextPage()}
              >
                {MSG.search.moreHits}
              </Button>
            )}
          </Paper>
        ))}
    </Stack>
  );
}
