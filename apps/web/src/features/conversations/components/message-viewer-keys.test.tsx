import { type Message, MSG } from '@bridge-talk/contract';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.js';
import { MessageViewer } from './message-viewer.js';

// Home and End move through the virtualizer itself (a browser's own scrolling left a busy page showing
// the top of the box before the first messages were rendered), and the browser's own scrolling ends a
// jump still settling (the virtualizer rewrote a settling Home over an End in a busy CI run): what the
// viewer asks of it is checked here, the scrolling in a browser by e2e/specs/conversations.spec.ts
// and keyboard.spec.ts.
const virtualizer = {
  scrollToOffset: vi.fn(),
  scrollToIndex: vi.fn(),
  scrollToEnd: vi.fn(),
  cancelScroll: vi.fn(),
};
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
  for (const call of Object.values(virtualizer)) call.mockClear();
});

it('goes to the start with Home and to the newest message with End through the virtualizer', () => {
  renderWithProviders(
    <MessageViewer messages={messages} hasOlder={false} loadingOlder={false} onLoadOlder={() => {}} />,
  );
  const log = screen.getByRole('log', { name: MSG.conversations.messagesLabel });
  virtualizer.scrollToIndex.mockClear();

  expect(fireEvent.keyDown(log, { key: 'Home' })).toBe(false);
  expect(virtualizer.scrollToOffset).toHaveBeenCalledWith(0);
  // A new jump replaces the one settling: End is not the browser's (the settling Home would win).
  expect(fireEvent.keyDown(log, { key: 'End' })).toBe(false);
  expect(virtualizer.scrollToEnd).toHaveBeenCalledTimes(1);
  expect(virtualizer.scrollToIndex).not.toHaveBeenCalled();
});

it('leaves the arrows, Page Up and Down and the wheel to the browser, ending a jump still settling', () => {
  renderWithProviders(
    <MessageViewer messages={messages} hasOlder={false} loadingOlder={false} onLoadOlder={() => {}} />,
  );
  const log = screen.getByRole('log', { name: MSG.conversations.messagesLabel });
  for (const key of ['PageUp', 'PageDown', 'ArrowDown', 'ArrowUp', ' ']) {
    expect(fireEvent.keyDown(log, { key }), key).toBe(true);
  }
  expect(virtualizer.cancelScroll).toHaveBeenCalledTimes(5);
  fireEvent.wheel(log, { deltaY: 100 });
  expect(virtualizer.cancelScroll).toHaveBeenCalledTimes(6);
  // Other keys do not touch the scrolling.
  expect(fireEvent.keyDown(log, { key: 'a' })).toBe(true);
  expect(virtualizer.cancelScroll).toHaveBeenCalledTimes(6);
  expect(virtualizer.scrollToOffset).not.toHaveBeenCalled();
  expect(virtualizer.scrollToEnd).not.toHaveBeenCalled();
});
