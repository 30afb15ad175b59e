import { type Message, MSG } from '@bridge-talk/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// jsdom lays nothing out: the windowing of a 10 000-message channel is checked in a browser, by
// e2e/specs/conversations.spec.ts.
import { renderWithProviders } from '../../../test/render.js';
import { MessageViewer } from './message-viewer.js';

function messages(total: number): Message[] {
  return Array.from({ length: total }, (_, i) => ({
    id: `m${i + 1}`,
    user: { id: i % 2 ? 'p' : 'b', name: i % 2 ? 'Pat Parent' : 'Bea Birth' },
    attachments: [],
    html: `<p>message ${i + 1}</p>`,
    created_at: new Date(Date.parse('2026-03-07T15:00:00Z') + i * 60_000).toISOString(),
    flaggedMessages: { flags: [] },
  }));
}

beforeEach(() => {
  // jsdom has no layout: the viewer is 600 px high, a message 72 px (its estimate).
  const heightOf = (element: HTMLElement) => (element.getAttribute('role') === 'log' ? 600 : 72);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const height = heightOf(this);
    return {
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      right: 800,
      bottom: height,
      width: 800,
      height,
      toJSON: () => ({}),
    };
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return heightOf(this);
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  // …and a scroll position, within the content's height, as a browser keeps it.
  const positions = new WeakMap<Element, number>();
  vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
    const content = this.firstElementChild as HTMLElement | null;
    return Math.max(heightOf(this as HTMLElement), Number.parseFloat(content?.style.height ?? '') || 0);
  });
  vi.spyOn(Element.prototype, 'scrollTop', 'get').mockImplementation(function (this: Element) {
    return positions.get(this) ?? 0;
  });
  vi.spyOn(Element.prototype, 'scrollTop', 'set').mockImplementation(function (this: Element, value: number) {
    positions.set(this, Math.min(Math.max(0, value), Math.max(0, this.scrollHeight - this.clientHeight)));
  });
  Element.prototype.scrollTo = function (this: Element, options?: ScrollToOptions | number) {
    if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
    setTimeout(() => this.dispatchEvent(new Event('scroll')), 0);
  } as Element['scrollTo'];
});

afterEach(() => vi.restoreAllMocks());

describe('MessageViewer', () => {
  it('is a focusable log (keyboard scrolling) with the messages oldest first', () => {
    renderWithProviders(
      <MessageViewer messages={messages(3)} hasOlder={false} loadingOlder={false} onLoadOlder={() => {}} />,
    );
    const log = screen.getByRole('log', { name: MSG.conversations.messagesLabel });
    expect(log).toHaveAttribute('tabindex', '0');
    expect(
      within(log)
        .getAllByTestId('message-html')
        .map((e) => e.textContent),
    ).toEqual(['message 1', 'message 2', 'message 3']);
  });

  it('says where the conversation starts, or offers the older messages', () => {
    const onLoadOlder = vi.fn();
    renderWithProviders(
      <MessageViewer
        messages={messages(2)}
        hasOlder={false}
        loadingOlder={false}
        onLoadOlder={onLoadOlder}
      />,
    );
    expect(screen.getByText(MSG.conversations.startOfConversation)).toBeInTheDocument();
    expect(onLoadOlder).not.toHaveBeenCalled();
  });

  it('shows that older messages are loading', () => {
    renderWithProviders(
      <MessageViewer messages={messages(2)} hasOlder loadingOlder onLoadOlder={() => {}} />,
    );
    expect(screen.getByText(MSG.conversations.loadingOlder)).toBeInTheDocument();
    expect(screen.getByRole('log')).toHaveAttribute('aria-busy', 'true');
  });

  it('marks the message it was opened at, and offers the newer messages below', () => {
    const onLoadNewer = vi.fn();
    renderWithProviders(
      <MessageViewer
        messages={messages(3)}
        hasOlder={false}
        loadingOlder={false}
        onLoadOlder={() => {}}
        hasNewer
        loadingNewer={false}
        onLoadNewer={onLoadNewer}
        highlightedId="m2"
      />,
    );
    const log = screen.getByRole('log');
    const marked = log.querySelectorAll('[aria-current="true"]');
    expect(marked).toHaveLength(1);
    expect(within(marked[0] as HTMLElement).getByTestId('message-html')).toHaveTextContent('message 2');
    expect(within(marked[0] as HTMLElement).getByText(MSG.viewer.highlighted)).toBeInTheDocument();
    within(log).getByRole('button', { name: MSG.viewer.loadNewer }).click();
    expect(onLoadNewer).toHaveBeenCalled();
  });

  it('shows that newer messages are loading', () => {
    renderWithProviders(
      <MessageViewer
        messages={messages(2)}
        hasOlder={false}
        loadingOlder={false}
        onLoadOlder={() => {}}
        hasNewer
        loadingNewer
        onLoadNewer={() => {}}
      />,
    );
    expect(screen.getByText(MSG.viewer.loadingNewer)).toBeInTheDocument();
    expect(screen.getByRole('log')).toHaveAttribute('aria-busy', 'true');
  });
});
