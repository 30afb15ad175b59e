// The conversation's history is virtualised: only the rows in view (and a few around them) are in the
// page. jsdom lays nothing out, so the log is given a layout here: 600 px high, each row 72 px unless a
// test says otherwise, and a scroll position that stays within the content as a browser keeps it.
import type { MemberMessage } from '@bridge-talk/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOut } from '../api.js';
import { App } from '../app.js';
import { testChannel } from '../test-channel.js';

const channelId = '11111111-1111-4111-8111-111111111111';
const channel = testChannel({ id: channelId });

const LOG_HEIGHT = 600;
const ROW_HEIGHT = 72;

/** Message n of the conversation (1 is the oldest), a minute after the one before, from Pat. */
function message(n: number): MemberMessage {
  return {
    id: `m${n}`,
    channelId,
    user: { id: 'pat', name: 'Pat Parent' },
    html: `<p>message ${n}</p>`,
    attachments: [],
    created_at: new Date(Date.parse('2026-03-07T15:00:00Z') + n * 60_000).toISOString(),
    clientId: null,
  };
}
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => message(from + i));

const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

type Pages = (query: URLSearchParams) => { messages: MemberMessage[]; nextCursor: string | null };
let pages: Pages;
let live: ReadableStreamDefaultController<string> | null;
const calls: { url: string; method: string }[] = [];
/** Heights of particular rows (by the message's text), for a picture that grows once loaded. */
const rowHeights = new Map<string, number>();

beforeEach(() => {
  calls.length = 0;
  live = null;
  rowHeights.clear();
  window.history.replaceState(null, '', `/family/conversations/${channelId}`);
  localStorage.clear();
  localStorage.setItem('bt-family-signed-in', '1');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ url: input, method });
      if (input === '/api/chat/events')
        return new Response(
          new ReadableStream<string>({
            start(controller) {
              live = controller;
              // Signing out at the end of a test ends the stream, as a browser would.
              init.signal?.addEventListener('abort', () =>
                controller.error(new DOMException('', 'AbortError')),
              );
            },
          }).pipeThrough(new TextEncoderStream()),
          { status: 200, headers: { 'content-type': 'text/event-stream' } },
        );
      if (input === '/api/chat/sessions/refresh')
        return json(200, {
          token: 'member-token',
          expiresIn: 43_200,
          member: { id: 'me', name: 'Bea Birth' },
        });
      if (input === '/api/chat/channels') return json(200, { channels: [channel] });
      if (input.startsWith(`/api/chat/channels/${channelId}/messages?`)) {
        const page = pages(new URL(input, 'http://app.test').searchParams);
        // Newest first, as the server answers.
        return json(200, {
          ...page,
          messages: [...page.messages].reverse(),
          newerCursor: null,
          reportedByMe: [],
        });
      }
      // A send: the connection is lost.
      if (input === `/api/chat/channels/${channelId}/messages`) throw new TypeError('Failed to fetch');
      return json(204, null);
    }),
  );
  layOut();
});

afterEach(async () => {
  await signOut();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The layout jsdom lacks, for the log and its rows. */
function layOut() {
  const isLog = (element: Element) => element.getAttribute('role') === 'log';
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return isLog(this) ? LOG_HEIGHT : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(390);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    if (!this.classList.contains('log-row')) return 0;
    const text = this.querySelector('.text')?.textContent ?? '';
    return rowHeights.get(text) ?? ROW_HEIGHT;
  });
  const positions = new WeakMap<Element, number>();
  vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
    if (!isLog(this)) return 0;
    const rows = this.firstElementChild as HTMLElement | null;
    return Math.max(LOG_HEIGHT, Number.parseFloat(rows?.style.height ?? '') || 0);
  });
  vi.spyOn(Element.prototype, 'scrollTop', 'get').mockImplementation(function (this: Element) {
    return positions.get(this) ?? 0;
  });
  vi.spyOn(Element.prototype, 'scrollTop', 'set').mockImplementation(function (this: Element, value: number) {
    positions.set(this, Math.min(Math.max(0, value), Math.max(0, this.scrollHeight - this.clientHeight)));
  });
  // A browser reports a scroll a moment after it.
  Element.prototype.scrollTo = vi.fn(function (this: Element, options?: ScrollToOptions | number) {
    if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
    setTimeout(() => this.dispatchEvent(new Event('scroll')), 0);
  }) as Element['scrollTo'];
}

/** The reader scrolls the log to `top`. */
function readerScrolls(log: HTMLElement, top: number) {
  act(() => {
    log.scrollTop = top;
    fireEvent.scroll(log);
  });
}

/** A message arriving on the live connection. */
async function arrives(m: MemberMessage) {
  await act(async () => {
    live!.enqueue(`data: ${JSON.stringify({ type: 'message', message: m })}\n\n`);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** A few frames: a smooth scroll has landed, and the virtualizer has let it go. */
async function settled() {
  for (let i = 0; i < 3; i++) await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

const texts = (log: HTMLElement) => [...log.querySelectorAll('.text')].map((e) => e.textContent);
const bottomOf = (log: HTMLElement) => log.scrollHeight - log.clientHeight;

/** The conversation opened, its newest message shown at the bottom and the scroll there done: its log. */
async function open() {
  render(<App />);
  const log = await screen.findByRole('log', { name: 'Messages' });
  await waitFor(() => expect(live).not.toBeNull());
  await waitFor(() => expect(log.scrollTop).toBe(bottomOf(log)));
  await settled();
  return log;
}

describe('the conversation’s history', () => {
  it('keeps only a window of 500 loaded messages in the page, and opens at the newest', async () => {
    pages = () => ({ messages: range(1, 500), nextCursor: null });
    const log = await open();
    const shown = texts(log);
    expect(shown.at(-1)).toBe('message 500');
    // The rows in 600 px of 72 px rows and a few around them: a window, in order.
    expect(shown.length).toBeGreaterThanOrEqual(Math.ceil(LOG_HEIGHT / ROW_HEIGHT));
    expect(shown.length).toBeLessThan(30);
    const first = Number(shown[0]!.split(' ')[1]);
    expect(shown).toEqual(range(first, 500).map((m) => `message ${m.id.slice(1)}`));
    expect(screen.queryByText('message 1')).toBeNull();
    expect(log.scrollHeight).toBeGreaterThan(500 * ROW_HEIGHT);
    // Still one log, focusable to scroll with the keyboard, whose messages are articles named by author.
    expect(log).toHaveAttribute('tabindex', '0');
    expect(within(log).getAllByRole('article', { name: 'Pat Parent' })).toHaveLength(shown.length);
  });

  it('shows the day’s line on a day’s first message only', async () => {
    const earlier = { ...message(1), created_at: '2026-03-06T12:00:00Z' };
    pages = () => ({ messages: [earlier, ...range(2, 4)], nextCursor: null });
    const log = await open();
    await within(log).findByText('message 4');
    const lines = [...log.querySelectorAll('.day')].map((e) => e.textContent);
    expect(lines).toEqual([
      new Intl.DateTimeFormat('en', { day: 'numeric', month: 'long', year: 'numeric' }).format(
        new Date(earlier.created_at),
      ),
      new Intl.DateTimeFormat('en', { day: 'numeric', month: 'long', year: 'numeric' }).format(
        new Date(message(2).created_at),
      ),
    ]);
    expect(within(log).getByText('Start of the conversation')).toBeVisible();
  });

  it('loads the older page as the reader nears the top, and keeps what they were reading in place', async () => {
    pages = (query) =>
      query.get('before') === 'm451'
        ? { messages: range(401, 450), nextCursor: null }
        : { messages: range(451, 500), nextCursor: 'm451' };
    const log = await open();
    expect(within(log).getByRole('button', { name: 'Load older messages' })).toBeVisible();

    readerScrolls(log, 100);
    const row = () => within(log).getByText('message 452').closest<HTMLElement>('.log-row')!;
    const placeInView = () => Number(/translateY\((.+)px\)/.exec(row().style.transform)![1]) - log.scrollTop;
    const before = placeInView();
    await within(log).findByText('Start of the conversation');
    expect(calls.filter((c) => c.url.includes('before=m451'))).toHaveLength(1);
    await waitFor(() => expect(placeInView()).toBe(before));
    expect(log.scrollTop).toBeGreaterThan(40 * ROW_HEIGHT);
  });

  it('follows a new message while the reader is at the newest, and leaves a reader who scrolled up', async () => {
    pages = () => ({ messages: range(1, 100), nextCursor: null });
    const log = await open();
    const scrollTo = vi.mocked(Element.prototype.scrollTo);
    scrollTo.mockClear();

    await arrives(message(101));
    await waitFor(() => expect(texts(log).at(-1)).toBe('message 101'));
    await waitFor(() => expect(log.scrollTop).toBe(bottomOf(log)));
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ behavior: 'smooth' }));
    await settled();

    readerScrolls(log, 2000);
    await arrives(message(102));
    await within(log).findByText('message 30');
    await settled();
    expect(log.scrollTop).toBe(2000);
    expect(within(log).queryByText('message 102')).toBeNull();
    expect(log.scrollHeight).toBe(bottomOf(log) + LOG_HEIGHT);
  });

  it('does not scroll smoothly when the device asks for less motion', async () => {
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({ matches: query === '(prefers-reduced-motion: reduce)', media: query }) as MediaQueryList,
    );
    pages = () => ({ messages: range(1, 100), nextCursor: null });
    const log = await open();
    const scrollTo = vi.mocked(Element.prototype.scrollTo);
    scrollTo.mockClear();
    const bottom = bottomOf(log);
    await arrives(message(101));
    await waitFor(() => expect(texts(log).at(-1)).toBe('message 101'));
    await waitFor(() => expect(log.scrollTop).toBe(bottomOf(log)));
    expect(log.scrollTop).toBeGreaterThan(bottom);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ behavior: 'auto' }));
    expect(scrollTo).not.toHaveBeenCalledWith(expect.objectContaining({ behavior: 'smooth' }));
  });

  it('shows the member’s own send at the bottom, wherever the reader was, and offers to send again', async () => {
    pages = () => ({ messages: range(1, 500), nextCursor: null });
    const log = await open();
    readerScrolls(log, 1000);
    await userEvent.type(screen.getByRole('textbox', { name: 'Write a message' }), 'Hola');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const failed = await within(log).findByText('Not sent.');
    expect(within(failed).getByRole('button', { name: 'Send again' })).toBeVisible();
    expect(texts(log).at(-1)).toBe('Hola');
    await waitFor(() => expect(log.scrollTop).toBe(bottomOf(log)));
    await settled();

    // Someone else's message arrives meanwhile: above the send, which stays at the bottom, in view.
    await arrives(message(501));
    await waitFor(() => expect(texts(log).slice(-2)).toEqual(['message 501', 'Hola']));
    await waitFor(() => expect(log.scrollTop).toBe(bottomOf(log)));
  });

  it('measures a row again when its height changes (a picture loaded), and stays at the newest', async () => {
    const observed = new Map<Element, () => void>();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: ResizeObserverCallback) {}
        observe(target: Element) {
          observed.set(target, () =>
            this.callback(
              [{ target, borderBoxSize: [{ blockSize: (target as HTMLElement).offsetHeight }] } as never],
              this as unknown as ResizeObserver,
            ),
          );
        }
        unobserve() {}
        disconnect() {}
      },
    );
    pages = () => ({ messages: range(1, 100), nextCursor: null });
    const log = await open();
    const total = log.scrollHeight;
    const row = within(log).getByText('message 100').closest('.log-row')!;
    rowHeights.set('message 100', 300);
    act(() => observed.get(row)!());
    expect(log.scrollHeight).toBe(total + 300 - ROW_HEIGHT);
    await waitFor(() => expect(log.scrollTop).toBe(bottomOf(log)));
  });

  it('keeps the row holding the focus in the page while the log scrolls away from it', async () => {
    pages = () => ({ messages: range(1, 500), nextCursor: null });
    const log = await open();
    const article = within(log).getByText('message 499').closest('article')!;
    const report = within(article).getByRole('button', { name: 'Report' });
    act(() => report.focus());
    readerScrolls(log, 100 * ROW_HEIGHT);
    await waitFor(() => expect(within(log).getByText('message 99')).toBeInTheDocument());
    expect(report).toHaveFocus();
    expect(texts(log)).toContain('message 499');
    expect(texts(log)).not.toContain('message 498');
  });
});
