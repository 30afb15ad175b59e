// Moving far in a long conversation: to the first message, or to the first message of a day (or the
// next day that has one). The conversation then opens at that message, as a search hit does.
import { MSG } from '@bridge-talk/contract';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../shared/api/api-client.js';
import { useFindFirstMessage } from '../api/find-first-message.js';

export interface ConversationJumpProps {
  groupId: string;
  channelId: string;
  /** Opens the conversation at this message. */
  onOpen: (messageId: string) => void;
}

/** The start of a day (yyyy-mm-dd, as a date field gives it) in the reader's time zone, as an ISO time. */
function startOfDay(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const start = new Date(`${day}T00:00:00`);
  return Number.isNaN(start.getTime()) ? null : start.toISOString();
}

export function ConversationJump({ groupId, channelId, onOpen }: ConversationJumpProps) {
  const [day, setDay] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [none, setNone] = useState(false);
  const find = useFindFirstMessage(groupId, channelId);

  function go(from: string | undefined) {
    setProblem(null);
    setNone(false);
    find.mutate(from, {
      onSuccess: ({ messageId }) => (messageId ? onOpen(messageId) : setNone(true)),
      onError: (failure) =>
        setProblem(failure instanceof ApiError ? failure.message : MSG.common.somethingWrong),
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const from = startOfDay(day);
    if (!from) {
      setNone(false);
      setProblem(MSG.conversationDates.invalidDate);
      return;
    }
    go(from);
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="flex-start" gap="xs" wrap="wrap">
        <TextInput
          type="date"
          label={MSG.conversationDates.dateLabel}
          value={day}
          onChange={(event) => setDay(event.currentTarget.value)}
          error={problem}
          w={200}
          maw="100%"
        />
        <Group gap="xs" mt={25}>
          <Button type="submit" variant="light" loading={find.isPending && find.variables !== undefined}>
            {MSG.conversationDates.goToDate}
          </Button>
          <Button
            variant="subtle"
            onClick={() => go(undefined)}
            loading={find.isPending && find.variables === undefined}
          >
            {MSG.conversationDates.firstMessage}
          </Button>
        </Group>
      </Group>
      {none && (
        <Text size="sm" c="dimmed" role="status" mt={4}>
          {MSG.conversationDates.nothingFrom}
        </Text>
      )}
    </form>
  );
}
