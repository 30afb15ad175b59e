import { type Message, MSG } from '@bridge-talk/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.js';
import { MessageViewer } from './message-viewer.js';

// The viewer scrolls through the virtualizer itself: Home (a browser's own scrolling left a busy page
// showing the top of the box before the first messages were rendered), the opening, and a change of
// the box's height (a scroll written behind the virtualizer's back ended its opening scroll half-way,
// so a reload opened in the middle of the conversation). What the viewer asks of it is checked here,
// the scrolling in a browser by e2e/specs/conversations.spec.ts and keyboard.spec.ts.
const virtualizer = { scrollToOffset: vi.fn(), scrollToIndex: vi.fn(), scrollToEnd: vi.fn() };
vi.mock('@tanstack/react-virtual', () => ({
  useVirtualizer: ({ count, getItemKey }: { count: number; getItemKey: (i: number) => string }) => ({
    ...virtualizer,
    getVirtualItems: () =>
      Array.from({ length: count }, (_, index) => ({ index, key: getItemKey(index), start: index * 60 })),
    getTotalSize: () => count * 60,
    measureElement: () => {},
  }),
}));

const messages: Message[] = Array.from({ length: 30 }, (_, i) => ({
  id: `m${i + 1}`,
  user: { id: 'p', name: 'Pat Parent' },
  attachments: [],
  html: `<p>message ${i + 1}</p>`,
  created_at: new Date(Date.parse('2026-03-07T15:00:00Z') + i * 60_000).toISOString(),
  flaggedMessages: { flags: [] },
}));

beforeEach(() => {
  virtualizer.scrollToOffset.mockClear();
  virtualizer.scrollToIndex.mockClear();
  virtualizer.scrollToEnd.mockClear();
});

it('goes to the start of the conversation with Home through the virtualizer; End is the browser’s', () => {
  renderWithProviders(
    <MessageViewer messages={messages} hasOlder={false} loadingOlder={false} onLoadOlder={() => {}} />,
  );
  const log = screen.getByRole('log', { name: MSG.conversations.messagesLabel });
  virtualizer.scrollToIndex.mockClear();

  const home = fireEvent.keyDown(log, { key: 'Home' });
  expect(home).toBe(false);
  expect(virtualizer.scrollToOffset).toHaveBeenCalledWith(0);

  // End, arrows and Page Up and Down are the browser's own scrolling.
  for (const key of ['End', 'PageUp', 'ArrowDown']) expect(fireEvent.keyDown(log, { key })).toBe(true);
  expect(virtualizer.scrollToOffset).toHaveBeenCalledTimes(1);
  expect(virtualizer.scrollToIndex).not.toHaveBeenCalled();
});

/** The box's ResizeObserver, called as a browser would after its height changed. */
function observeResizes() {
  const callbacks = new Map<Element, () => void>();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        callbacks.set(target, () => this.callback([], this as unknown as ResizeObserver));
      }
      unobserve() {}
      disconnect() {}
    },
  );
  return callbacks;
}

/** A box of the given height over 30 messages of 60 px, scrolled to `top`: a layout jsdom lacks. */
function layOut(log: HTMLElement, box: { height: number; top: number }) {
  Object.defineProperty(log, 'clientHeight', { configurable: true, get: () => box.height });
  Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => 1800 });
  Object.defineProperty(log, 'scrollTop', {
    configurable: true,
    get: () => box.top,
    set: () => {
      throw new Error('scrollTop written behind the virtualizer');
    },
  });
}

/** The viewer over the 30 messages in a box of a fixed height (opened at `highlightedId`): its log. */
function renderViewer(highlightedId?: string) {
  renderWithProviders(
    <MessageViewer
      messages={messages}
      hasOlder={false}
      loadingOlder={false}
      onLoadOlder={() => {}}
      highlightedId={highlightedId ?? null}
      height={400}
    />,
  );
  return screen.getByRole('log', { name: MSG.conversations.messagesLabel });
}

describe('placing the reader', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens at the newest message, and keeps it there through the virtualizer while the box settles', () => {
    const resized = observeResizes();
    const log = renderViewer();
    expect(virtualizer.scrollToEnd).toHaveBeenCalledTimes(1);
    // The box's height changes while the opening scroll is still under way (half-way, at 700).
    const box = { height: 553, top: 700 };
    layOut(log, box);
    resized.get(log)!();
    box.height = 518;
    resized.get(log)!();
    expect(virtualizer.scrollToEnd).toHaveBeenCalledTimes(3);
    expect(virtualizer.scrollToOffset).not.toHaveBeenCalled();
  });

  it('opened at one message, keeps that message in the middle while the box settles', () => {
    const resized = observeResizes();
    const log = renderViewer('m12');
    expect(virtualizer.scrollToIndex).toHaveBeenCalledWith(11, { align: 'center' });
    layOut(log, { height: 518, top: 300 });
    resized.get(log)!();
    expect(virtualizer.scrollToIndex).toHaveBeenCalledTimes(2);
    expect(virtualizer.scrollToIndex).toHaveBeenLastCalledWith(11, { align: 'center' });
    expect(virtualizer.scrollToEnd).not.toHaveBeenCalled();
  });

  it('once the reader has scrolled, keeps the message at the bottom of the box at its bottom', () => {
    const resized = observeResizes();
    const log = renderViewer();
    const box = { height: 500, top: 900 };
    layOut(log, box);
    resized.get(log)!();
    virtualizer.scrollToEnd.mockClear();
    fireEvent.wheel(log, { deltaY: -100 });

    // Higher by 100: the box's bottom stays where it was (900 + 500), its top moves up.
    box.height = 600;
    resized.get(log)!();
    expect(virtualizer.scrollToOffset).toHaveBeenLastCalledWith(800);
    // At the end of the conversation (1800 = 1200 + 600): it stays at the end, whatever the height.
    box.top = 1200;
    box.height = 450;
    resized.get(log)!();
    expect(virtualizer.scrollToEnd).toHaveBeenCalledTimes(1);
    expect(virtualizer.scrollToIndex).toHaveBeenCalledTimes(0);
  });
});
