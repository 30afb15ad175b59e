// The conversation viewer: a box of fixed height that opens at the newest message and loads older
// pages as the reader scrolls up. Only the messages in view (and a few around them) are in the page,
// so a channel of ten thousand messages scrolls as smoothly as one of ten. Keyboard: the box takes the
// focus (Tab) and scrolls with the arrow, Page Up/Down, Home and End keys.
import type { Message } from '@bridge-talk/contract';
import { MSG } from '@bridge-talk/contract';
import { Box, Button, Center, Group, Loader, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { MessageItem, toRows } from './message-item.js';

/** Within this many pixels of the top, the older page is fetched. */
const LOAD_OLDER_THRESHOLD = 400;
/** The space above the first message for 'Loading older messages…' or 'Start of the conversation'. */
const TOP_HEIGHT = 48;

export interface MessageViewerProps {
  messages: Message[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  height?: number | string;
}

export function MessageViewer({
  messages,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  height = 'max(360px, calc(100vh - 260px))',
}: MessageViewerProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => toRows(messages), [messages]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 72,
    getItemKey: (index) => rows[index]!.message.id,
    // The top of the list ('Loading older messages…' / 'Start of the conversation') sits in this space.
    paddingStart: TOP_HEIGHT,
    overscan: 8,
    // A chat: an older page arrives above without moving the message being read, and new messages
    // are followed while the reader is at the bottom.
    anchorTo: 'end',
    followOnAppend: true,
  });

  const opened = useRef(false);

  const nearTop = useCallback(() => {
    const element = scrollRef.current;
    return Boolean(element && opened.current && element.scrollTop < LOAD_OLDER_THRESHOLD);
  }, []);

  const loadOlder = useCallback(() => {
    if (hasOlder && !loadingOlder) onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  useLayoutEffect(() => {
    if (opened.current || rows.length === 0) return;
    // Opening: the newest message at the bottom of the box.
    opened.current = true;
    virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [rows.length, virtualizer]);

  useEffect(() => {
    // Still near the top once a page has arrived (or the history does not fill the box): the next one.
    const element = scrollRef.current;
    if (!element || loadingOlder) return;
    if (nearTop() || element.scrollHeight <= element.clientHeight) loadOlder();
  }, [loadingOlder, nearTop, loadOlder]);

  const onScroll = () => {
    if (nearTop()) loadOlder();
  };

  return (
    <Box
      ref={scrollRef}
      onScroll={onScroll}
      tabIndex={0}
      role="log"
      aria-label={MSG.conversations.messagesLabel}
      aria-busy={loadingOlder || undefined}
      className="message-viewer"
      h={height}
      px="md"
      style={{
        overflowY: 'auto',
        overflowAnchor: 'none',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-md)',
        background: 'var(--mantine-color-white)',
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        <Center h={TOP_HEIGHT} pos="absolute" top={0} left={0} right={0}>
          {hasOlder ? (
            loadingOlder ? (
              <Group gap="xs">
                <Loader size="xs" />
                <Text size="sm" c="dimmed">
                  {MSG.conversations.loadingOlder}
                </Text>
              </Group>
            ) : (
              <Button variant="subtle" size="compact-sm" onClick={loadOlder}>
                {MSG.conversations.loadOlder}
              </Button>
            )
          ) : (
            <Text size="sm" c="dimmed">
              {MSG.conversations.startOfConversation}
            </Text>
          )}
        </Center>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${item.start}px)`,
            }}
          >
            <MessageItem row={rows[item.index]!} />
          </div>
        ))}
      </div>
    </Box>
  );
}
