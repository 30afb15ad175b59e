import { formatDate, type Message, MSG } from '@bridge-talk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

const url = (message: string, n: number) =>
  `/api/groups/g/channels/c/messages/${message}/attachments/${n}?access=t`;

function message(id: string, attachments: Message['attachments'], html = ''): Message {
  return {
    id,
    user: { id: 'b', name: 'Bea Birth' },
    attachments,
    html,
    created_at: '2026-03-07T15:00:00.000Z',
    flaggedMessages: { flags: [] },
  };
}

const conversation = [
  message('1', [{ type: 'image', image_url: url('1', 0), title: 'Lake' }]),
  message('2', [], '<p>no picture here</p>'),
  message('3', [
    { type: 'image', image_url: url('3', 0), title: 'Beach' },
    { type: 'video', asset_url: url('3', 1), title: 'Clip' },
    { type: 'image', image_url: 'https://cdn.example.org/x.png', title: 'Elsewhere' },
  ]),
  message('4', [{ type: 'image', image_url: url('4', 0), title: 'Garden' }]),
];

function renderViewer() {
  renderWithProviders(
    <MessageViewer
      messages={conversation}
      hasOlder={false}
      loadingOlder={false}
      onLoadOlder={() => {}}
      height={600}
    />,
  );
  return userEvent.setup({ delay: null });
}

describe('The picture viewer', () => {
  it('opens a picture on the page, moves among the loaded pictures, zooms, and gives the focus back on Esc', async () => {
    const user = renderViewer();
    const opener = screen.getByRole('link', { name: `${MSG.conversations.openFullSize}: Beach` });
    expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(opener);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'Beach' })).toHaveAttribute('src', url('3', 0));
    // The pictures the portal can show, in the conversation's order: the video and the outside one are not.
    expect(within(dialog).getByText(MSG.pictures.position(2, 3))).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: MSG.pictures.next }));
    expect(within(dialog).getByRole('img', { name: 'Garden' })).toHaveAttribute('src', url('4', 0));
    expect(within(dialog).getByRole('button', { name: MSG.pictures.next })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(dialog).getByRole('img', { name: 'Lake' })).toBeInTheDocument();
    expect(within(dialog).getByText(MSG.pictures.position(1, 3))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: MSG.pictures.previous })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    expect(within(dialog).getByText(MSG.pictures.zoomLevel(100))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: MSG.pictures.zoomIn }));
    await user.keyboard('+');
    expect(within(dialog).getByText(MSG.pictures.zoomLevel(200))).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Lake' }).style.width).toBe('200%');
    await user.keyboard('-');
    expect(within(dialog).getByText(MSG.pictures.zoomLevel(150))).toBeInTheDocument();
    await user.keyboard('0');
    expect(within(dialog).getByText(MSG.pictures.zoomLevel(100))).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('opens from the keyboard and closes with its button', async () => {
    const user = renderViewer();
    const opener = screen.getByRole('link', { name: `${MSG.conversations.openFullSize}: Lake` });
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'Lake' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: MSG.pictures.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

describe('The day in sight', () => {
  it('keeps the day of the first message in view at the top of the box once the top has scrolled away', async () => {
    const days = ['2026-03-05T10:00:00.000Z', '2026-03-06T10:00:00.000Z', '2026-03-07T10:00:00.000Z'];
    const threeDays = days.flatMap((day, d) =>
      Array.from({ length: 10 }, (_, i) => ({
        ...messages(1)[0]!,
        id: `d${d}m${i}`,
        html: `<p>day ${d} message ${i}</p>`,
        created_at: new Date(Date.parse(day) + i * 60_000).toISOString(),
      })),
    );
    // Each message measures 72 px here, as a browser would lay it out.
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.getAttribute('role') === 'log' ? 600 : 72;
    });
    renderWithProviders(
      <MessageViewer
        messages={threeDays}
        hasOlder={false}
        loadingOlder={false}
        onLoadOlder={() => {}}
        height={600}
      />,
    );
    const log = screen.getByRole('log');
    // Scrolled to the messages of the second day (48 px above the first message, 72 px each).
    log.scrollTop = 48 + 72 * 12 + 10;
    log.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(screen.getByTestId('viewer-day')).toHaveTextContent(formatDate(days[1]!)));
    log.scrollTop = 0;
    log.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(screen.queryByTestId('viewer-day')).not.toBeInTheDocument());
  });
});
