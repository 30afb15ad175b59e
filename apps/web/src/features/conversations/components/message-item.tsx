// One message of the conversation: the day when it changes, the sender's first name when the sender
// changes, attachments (pictures as thumbnails that open full size in the picture viewer, videos playable, an attachment the
// portal cannot read as a labelled placeholder), the sanitised html, the time (h:MM:ss TT), for a
// reported message who reported it, and the mark of the message the conversation was opened at.
import {
  formatDate,
  formatMessageTime,
  type Message,
  type MessageAttachment,
  MSG,
  splitName,
} from '@bridge-talk/contract';
import { Anchor, Box, Divider, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconFlag, IconPhotoOff } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { MessageHtml } from './message-html.js';
import { attachmentLabel, pictureKey, portalUrl } from './pictures.js';
import './message.css';

function AttachmentView({
  attachment,
  onOpenPicture,
}: {
  attachment: MessageAttachment;
  /** Opens the full-size picture on the page; without it (or with a modifier key) the link opens it apart. */
  onOpenPicture: ((opener: HTMLElement) => void) | undefined;
}) {
  const label = attachmentLabel(attachment);
  const full = portalUrl(attachment.type === 'image' ? attachment.image_url : attachment.asset_url);
  if (!full) {
    return (
      <Group gap={6} className="attachment-unavailable" data-testid="attachment-unavailable" wrap="nowrap">
        <IconPhotoOff size={16} aria-hidden />
        <Text size="sm" c="dimmed">
          {MSG.conversations.attachmentUnavailable}
          {attachment.title ? ` (${attachment.title})` : ''}
        </Text>
      </Group>
    );
  }
  if (attachment.type === 'image') {
    return (
      <Stack gap={2} className="attachment">
        <Anchor
          href={full}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${MSG.conversations.openFullSize}: ${label}`}
          aria-haspopup={onOpenPicture ? 'dialog' : undefined}
          onClick={(event: MouseEvent) => {
            if (!onOpenPicture || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey)
              return;
            event.preventDefault();
            onOpenPicture(event.currentTarget as HTMLElement);
          }}
        >
          <img
            className="attachment-picture"
            src={portalUrl(attachment.thumb_url) ?? full}
            alt={label}
            loading="lazy"
            width={attachment.width}
            height={attachment.height}
          />
        </Anchor>
        {attachment.title && (
          <Text size="xs" c="dimmed">
            {attachment.title}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={2} className="attachment">
      {/* biome-ignore lint/a11y/useMediaCaption: members' videos come without captions. */}
      <video className="attachment-video" src={full} controls preload="metadata" aria-label={label} />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
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

export interface MessageItemProps {
  row: MessageRow;
  highlighted?: boolean;
  /** Opens the picture viewer at this attachment (its `pictureKey`); `opener` gets the focus back. */
  onOpenPicture?: (key: string, opener: HTMLElement) => void;
}

export function MessageItem({ row, highlighted = false, onOpenPicture }: MessageItemProps) {
  const { message, showSender, day } = row;
  const reporters = [...new Set(message.flaggedMessages.flags.map((f) => f.user.name))];
  const reported = reporters.length > 0;
  return (
    <Box
      pb={6}
      data-message-id={message.id}
      data-highlighted={highlighted || undefined}
      aria-current={highlighted ? 'true' : undefined}
    >
      {highlighted && <VisuallyHidden>{MSG.viewer.highlighted}</VisuallyHidden>}
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
        <Text fw={700} size="sm" mt={4} data-testid="message-sender" dir="auto">
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
          background: reported
            ? 'var(--mantine-color-red-0)'
            : highlighted
              ? 'var(--mantine-color-yellow-0)'
              : 'var(--mantine-color-gray-0)',
          borderLeft: `3px solid ${reported ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-gray-3)'}`,
        }}
      >
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
          <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
            {message.attachments.map((attachment, i) => (
              // A message's attachments never change or move: their place is their identity.
              <AttachmentView
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                key={i}
                attachment={attachment}
                onOpenPicture={
                  onOpenPicture && ((opener) => onOpenPicture(pictureKey(message.id, i), opener))
                }
              />
            ))}
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
