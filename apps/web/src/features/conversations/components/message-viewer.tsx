// The conversation viewer: a box of fixed height that opens at the newest message (or, opened at one
// message, with that message highlighted in the middle) and loads older pages as the reader scrolls
// up, newer ones as they scroll down when the newest are not loaded yet. Only the messages in view (and
// a few around them) are in the page, so a channel of ten thousand messages scrolls as smoothly as one
// of ten. Keyboard: the box takes the focus (Tab) and scrolls with the arrow, Page Up/Down, Home and
// End keys. The day of the messages at the top of the box stays in sight above them while scrolling. A picture opens full size in the picture viewer, among the pictures of the messages loaded.
import { formatDate, type Message, MSG } from '@bridge-talk/contract';
import { Box, Button, Center, Group, Loader, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  lazy,
  type RefObject,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { MessageItem, toRows } from './message-item.js';
import { picturesOf } from './pictures.js';

// Loaded with the first picture opened: most readings never open one.
const PictureViewer = lazy(() => import('./picture-viewer.js').then((m) => ({ default: m.PictureViewer })));

/** Within this many pixels of the top (or the bottom), the older (or newer) page is fetched. */
const LOAD_OLDER_THRESHOLD = 400;
/** The space above the first message for 'Loading older messages…' or 'Start of the conversation'. */
const TOP_HEIGHT = 48;
/** The space below the last message for 'Load newer messages', while newer ones are not loaded. */
const BOTTOM_HEIGHT = 48;

/**
 * The box is never shorter than this (a few messages), so that on a laptop's 720 px, under the search
 * and the date jump, it still fits the window; the page's padding below it.
 */
const MIN_HEIGHT = 240;
const SPACE_BELOW = 32;

/**
 * The height that makes the box fill the window from where it starts, so that the newest message at
 * its bottom is in view without the page itself scrolling, whatever stands above it (a members line
 * that wraps, a long family name): measured, and measured again when the window or the page's height
 * changes. Until it is measured (and where nothing can be measured) about 330 px are left above it.
 */
function useWindowFill(ref: RefObject<HTMLElement | null>, enabled: boolean): number | string {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(MIN_HEIGHT, Math.floor(window.innerHeight - top - SPACE_BELOW)));
    };
    measure();
    window.addEventListener('resize', measure);
    // Whatever stands above the box moves it when its height changes. The page's height does not
    // always change with it (the shell is at least the window's height: a line above that unwraps late
    // would leave a gap below), so each element that holds the box, and every element before it at
    // each level, is watched.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    for (let node: Element | null = element; observer && node && node !== document.documentElement; ) {
      for (let above = node.previousElementSibling; above; above = above.previousElementSibling) {
        observer.observe(above, { box: 'border-box' });
      }
      node = node.parentElement;
      if (node) observer.observe(node, { box: 'border-box' });
    }
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref, enabled]);
  return height ?? `max(${MIN_HEIGHT}px, calc(100vh - 330px))`;
}

export interface MessageViewerProps {
  messages: Message[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** Newer messages than the last one shown exist (the conversation was opened at one message). */
  hasNewer?: boolean;
  loadingNewer?: boolean;
  onLoadNewer?: () => void;
  /** The message the conversation was opened at: shown in the middle of the box, highlighted. */
  highlightedId?: string | null;
  /** A fixed height; without one the box fills the window below where it starts. */
  height?: number | string;
}

export function MessageViewer({
  messages,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  hasNewer = false,
  loadingNewer = false,
  onLoadNewer,
  highlightedId = null,
  height,
}: MessageViewerProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const filled = useWindowFill(scrollRef, height === undefined);
  const rows = useMemo(() => toRows(messages), [messages]);
  const pictures = useMemo(() => picturesOf(messages), [messages]);
  // The picture shown full size, by its key: it stays the same picture when older messages arrive.
  const [pictureShown, setPictureShown] = useState<string | null>(null);
  const pictureIndex = pictureShown === null ? -1 : pictures.findIndex((p) => p.key === pictureShown);
  const pictureOpener = useRef<HTMLElement | null>(null);
  const openPicture = useCallback((key: string, opener: HTMLElement) => {
    pictureOpener.current = opener;
    setPictureShown(key);
  }, []);
  // Closed: the focus goes back to the picture that opened the viewer.
  useEffect(() => {
    if (pictureShown !== null || !pictureOpener.current) return;
    pictureOpener.current.focus();
    pictureOpener.current = null;
  }, [pictureShown]);
  // New messages are followed only at the live end of the conversation. One render late on purpose:
  // the newer page that reaches the end must keep the reader where they are, like the pages before it.
  const [live, setLive] = useState(!hasNewer);
  useEffect(() => setLive(!hasNewer), [hasNewer]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 72,
    getItemKey: (index) => rows[index]!.message.id,
    // The top of the list ('Loading older messages…' / 'Start of the conversation') sits in this space.
    paddingStart: TOP_HEIGHT,
    paddingEnd: hasNewer ? BOTTOM_HEIGHT : 0,
    overscan: 8,
    // A chat: an older page arrives above (a newer one below) without moving the message being read,
    // and new messages are followed while the reader is at the bottom of the live conversation.
    anchorTo: 'end',
    followOnAppend: live,
  });

  const opened = useRef(false);
  // Where the viewer itself put the reader when it opened: the newest message at the bottom, or the
  // message it was opened at in the middle. It holds until the reader scrolls (wheel, touch, the
  // scroll bar, a key): until then a change of the box's height asks for it again.
  const placed = useRef<{ at: 'end' } | { at: 'message'; id: string } | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const place = useCallback(() => {
    const target = placed.current;
    if (!target) return;
    const index = target.at === 'message' ? rowsRef.current.findIndex((r) => r.message.id === target.id) : -1;
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'center' });
    else virtualizer.scrollToEnd();
  }, [virtualizer]);

  // The box changes height with the window, and once more after it opened, as the lines above it
  // settle: the message at its bottom stays at its bottom (at the end of the conversation, the newest
  // stays in view). The scroll goes through the virtualizer: one written behind its back counts as the
  // reader's own and ends the virtualizer's opening scroll half-way, measured against estimated sizes.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let boxHeight = element.clientHeight;
    const observer = new ResizeObserver(() => {
      const before = boxHeight;
      boxHeight = element.clientHeight;
      if (boxHeight === before) return;
      if (placed.current) return place();
      // scrollTop is already clamped to the new height: at the end, under either height, stays there.
      const fromEnd = element.scrollHeight - element.scrollTop;
      if (fromEnd - before <= 1 || fromEnd - boxHeight <= 1) virtualizer.scrollToEnd();
      else virtualizer.scrollToOffset(element.scrollTop + before - boxHeight);
    });
    const readerScrolls = () => {
      placed.current = null;
    };
    const inputs = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
    for (const input of inputs) element.addEventListener(input, readerScrolls, { passive: true });
    observer.observe(element);
    return () => {
      for (const input of inputs) element.removeEventListener(input, readerScrolls);
      observer.disconnect();
    };
  }, [place, virtualizer]);

  const nearTop = useCallback(() => {
    const element = scrollRef.current;
    return Boolean(element && opened.current && element.scrollTop < LOAD_OLDER_THRESHOLD);
  }, []);

  const nearBottom = useCallback(() => {
    const element = scrollRef.current;
    return Boolean(
      element &&
        opened.current &&
        element.scrollHeight - element.scrollTop - element.clientHeight < LOAD_OLDER_THRESHOLD,
    );
  }, []);

  const loadOlder = useCallback(() => {
    if (hasOlder && !loadingOlder) onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  const loadNewer = useCallback(() => {
    if (hasNewer && !loadingNewer) onLoadNewer?.();
  }, [hasNewer, loadingNewer, onLoadNewer]);

  useLayoutEffect(() => {
    if (opened.current || rows.length === 0) return;
    // Opening: the message asked for in the middle of the box, or the newest at its bottom.
    opened.current = true;
    const highlighted = highlightedId !== null && rows.some((r) => r.message.id === highlightedId);
    placed.current = highlighted ? { at: 'message', id: highlightedId } : { at: 'end' };
    place();
  }, [rows, highlightedId, place]);

  useEffect(() => {
    // Still near the top once a page has arrived (or the history does not fill the box): the next one.
    const element = scrollRef.current;
    if (!element || loadingOlder) return;
    if (nearTop() || element.scrollHeight <= element.clientHeight) loadOlder();
  }, [loadingOlder, nearTop, loadOlder]);

  useEffect(() => {
    // The same at the bottom, while newer messages are still to load.
    const element = scrollRef.current;
    if (!element || loadingNewer) return;
    if (nearBottom() || element.scrollHeight <= element.clientHeight) loadNewer();
  }, [loadingNewer, nearBottom, loadNewer]);

  // The day of the first message in view, once the top of the conversation has scrolled away.
  const [scrolled, setScrolled] = useState(0);
  const topItem =
    scrolled > TOP_HEIGHT ? virtualizer.getVirtualItems().find((item) => item.end > scrolled) : undefined;
  const shownDay = topItem ? formatDate(rows[topItem.index]!.message.created_at) : null;

  const onScroll = () => {
    setScrolled(scrollRef.current?.scrollTop ?? 0);
    if (nearTop()) loadOlder();
    if (nearBottom()) loadNewer();
  };

  // Home goes through the virtualizer rather than the browser's own scrolling, so that the messages it
  // renders are those of the top at once: under load the browser's jump showed 'Start of the
  // conversation' with the first messages not rendered yet. End stays the browser's: the virtualizer
  // keeps the end of the list where it is, and the browser's jump reaches it whatever the sizes.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || rows.length === 0 || event.key !== 'Home') return;
    event.preventDefault();
    virtualizer.scrollToOffset(0);
  };

  return (
    <Box
      ref={scrollRef}
      onScroll={onScroll}
      onKeyDown={onKeyDown}
      tabIndex={0}
      role="log"
      aria-label={MSG.conversations.messagesLabel}
      aria-busy={loadingOlder || loadingNewer || undefined}
      className="message-viewer"
      h={height ?? filled}
      px="md"
      style={{
        overflowY: 'auto',
        overflowAnchor: 'none',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-md)',
        background: 'var(--mantine-color-white)',
      }}
    >
      {shownDay && (
        // Sticky and of no height: it stays at the top of the box, over the messages, taking no room.
        // Each day's divider in the log already tells a screen reader the day.
        <div className="viewer-day" aria-hidden data-testid="viewer-day">
          <Text size="xs" fw={700} title={MSG.conversationDates.shownDay(shownDay)}>
            {shownDay}
          </Text>
        </div>
      )}
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
            <MessageItem
              row={rows[item.index]!}
              highlighted={rows[item.index]!.message.id === highlightedId}
              onOpenPicture={openPicture}
            />
          </div>
        ))}
        {hasNewer && (
          <Center h={BOTTOM_HEIGHT} pos="absolute" bottom={0} left={0} right={0}>
            {loadingNewer ? (
              <Group gap="xs">
                <Loader size="xs" />
                <Text size="sm" c="dimmed">
                  {MSG.viewer.loadingNewer}
                </Text>
              </Group>
            ) : (
              <Button variant="subtle" size="compact-sm" onClick={loadNewer}>
                {MSG.viewer.loadNewer}
              </Button>
            )}
          </Center>
        )}
      </div>
      {pictureIndex >= 0 && (
        <Suspense fallback={null}>
          <PictureViewer
            pictures={pictures}
            index={pictureIndex}
            onIndex={(index) => setPictureShown(pictures[index]!.key)}
            onClose={() => setPictureShown(null)}
          />
        </Suspense>
      )}
    </Box>
  );
}
