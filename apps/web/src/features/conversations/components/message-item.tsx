// One message of the conversation: the day when it changes, the sender's first name when the sender
// changes, attachments (images shown, videos playable), the sanitised html, the time (h:MM:ss TT) and,
// for a reported message, who reported it.
import { formatDate, formatMessageTime, type Message, MSG, splitName } from '@bridge-talk/contract';
import { Box, Divider, Group, Stack, Text } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { MessageHtml } from './message-html.js';
import './message.css';

/** Only addresses a browser loads as media; anything else (javascript:, file:) is not shown. */
function mediaUrl(url: string | undefined, allowData: boolean): string | null {
  if (!url) return null;
  if (/^(https?:|blob:)/i.test(url) || url.startsWith('/')) return url;
  if (allowData && /^data:image\/(png|jpe?g|gif|webp|svg\+xml);/i.test(url)) return url;
  return null;
}

export interface MessageRow {
  message: Message;
  /** The sender differs from the previous message's (or the day changed). */
  showSender: boolean;
  /** mm.dd.yyyy when this message starts a new day. */
  day: string | null;
}

/** The local calendar day of an instant: cheap to compare for thousands of messages. */
function dayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
}

/** Decides, for a list oldest first, where the day and the sender's name are shown. */
export function toRows(messages: Message[]): MessageRow[] {
  let previousDay = '';
  let previousSender = '';
  return messages.map((message) => {
    const key = dayKey(message.created_at);
    const newDay = key !== previousDay;
    const row = {
      message,
      showSender: newDay || previousSender !== message.user.id,
      day: newDay ? formatDate(message.created_at) : null,
    };
    previousDay = key;
    previousSender = message.user.id;
    return row;
  });
}

export function MessageItem({ row }: { row: MessageRow }) {
  const { message, showSender, day } = row;
  const reporters = [...new Set(message.flaggedMessages.flags.map((f) => f.user.name))];
  const reported = reporters.length > 0;
  return (
    <Box pb={6} data-message-id={message.id}>
      {day && (
        <Divider
          my="sm"
          label={
            <Text size="xs" fw={700} c="dimmed">
              {day}
            </Text>
          }
          labelPosition="center"
        />
      )}
      {showSender && (
        <Text fw={700} size="sm" mt={4} data-testid="message-sender">
          {splitName(message.user.name).firstName || message.user.name}
        </Text>
      )}
      <Box
        className="message-body"
        data-testid="message-body"
        data-reported={reported || undefined}
        px="sm"
        py={6}
        style={{
          borderRadius: 8,
          background: reported ? 'var(--mantine-color-red-0)' : 'var(--mantine-color-gray-0)',
          borderLeft: `3px solid ${reported ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-gray-3)'}`,
        }}
      >
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
          <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
            {message.attachments.map((attachment, i) => {
              const key = `${message.id}-${i}`;
              if (attachment.type === 'image') {
                const src = mediaUrl(attachment.image_url, true);
                return src ? (
                  <img
                    key={key}
                    src={src}
                    alt={attachment.title ?? 'Image'}
                    loading="lazy"
                    style={{
                      maxWidth: 'min(320px, 100%)',
                      maxHeight: 240,
                      borderRadius: 6,
                      display: 'block',
                    }}
                  />
                ) : null;
              }
              const src = mediaUrl(attachment.asset_url, false);
              return src ? (
                // biome-ignore lint/a11y/useMediaCaption: members' videos come without captions.
                <video
                  key={key}
                  src={src}
                  controls
                  preload="metadata"
                  aria-label={attachment.title ?? 'Video'}
                  style={{ maxWidth: 'min(360px, 100%)', maxHeight: 240, borderRadius: 6, display: 'block' }}
                />
              ) : null;
            })}
            <MessageHtml html={message.html} />
          </Stack>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            <time dateTime={message.created_at}>{formatMessageTime(message.created_at)}</time>
          </Text>
        </Group>
        {reported && (
          <Group gap={4} mt={4} c="red.9">
            <IconFlag size={14} aria-hidden />
            <Text size="sm" fw={600} c="red.9">
              {MSG.families.reportedBy(reporters.join(', '))}
            </Text>
          </Group>
        )}
      </Box>
    </Box>
  );
}
