import { type Message, MSG } from '@bridge-talk/contract';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.js';
import { MessageViewer } from './message-viewer.js';

// Home moves through the virtualizer itself (a browser's own scrolling left a busy page showing
// the top of the box before the first messages were rendered): what the viewer asks of it is checked
// here, the scrolling in a browser by e2e/specs/conversations.spec.ts and keyboard.spec.ts.
const virtualizer = { scrollToOffset: vi.fn(), scrollToIndex: vi.fn() };
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
