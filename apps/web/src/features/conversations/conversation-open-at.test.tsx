import {
  API,
  apiPath,
  type ChannelListResponse,
  formatDateTime,
  type Message,
  MSG,
  SEARCH_TEXT_MAX,
} from '@bridge-talk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnsweredCall, answerApi, jsonResponse, renderWithProviders } from '../../test/render.js';
import { ConversationPage } from './conversation-page.js';

// The conversation opened at one message (?message=) and search in it, with every row rendered; the
// windowing itself is message-viewer.test.tsx's, and a browser's is e2e/specs/conversation-search.spec.ts's.
vi.mock('@tanstack/react-virtual', () => ({
  useVirtualizer: ({ count, getItemKey }: { count: number; getItemKey: (i: number) => string }) => ({
    getVirtualItems: () =>
      Array.from({ length: count }, (_, index) => ({ index, key: getItemKey(index), start: index * 60 })),
    getTotalSize: () => count * 60,
    scrollToIndex: () => {},
    scrollToEnd: () => {},
    measureElement: () => {},
  }),
}));

const GROUP = '11111111-1111-4111-8111-111111111111';
const CHANNEL = '22222222-2222-4222-8222-222222222222';
const listPath = apiPath(API.conversations.list, { groupId: GROUP });
const searchPath = apiPath(API.conversations.search, { groupId: GROUP, channelId: CHANNEL });
const firstPath = apiPath(API.conversations.firstMessage, { groupId: GROUP, channelId: CHANNEL });
const pageUrl = `/manage-families/${GROUP}/channel/${CHANNEL}`;
const PAGE = 100;

const channels: ChannelListResponse = {
  groupName: 'Robin Smith',
  channels: [
    {
      id: CHANNEL,
      number: 1,
      disabled: false,
      created: '2026-01-02T10:00:00.000Z',
      members: [{ user_id: 'p', name: 'Pat Parent', role: 'adoptive_parent', permission: 'write' }],
      hasReports: false,
    },
  ],
};

function message(n: number): Message {
  return {
    id: `m${n}`,
    user: n % 2 ? { id: 'p', name: 'Pat Parent' } : { id: 'b', name: 'Bea Birth' },
    attachments: [],
    html: `<p>message ${n}${n % 50 === 25 ? ' with a kite' : ''}</p>`,
    created_at: new Date(Date.parse('2026-03-07T15:00:00Z') + n * 60_000).toISOString(),
    flaggedMessages: { flags: [] },
  };
}

/** A server of `total` messages (oldest first) answering pages, the window around one, and search. */
function stubServer(total: number, options: { searchFails?: boolean; searchRefused?: boolean } = {}) {
  const all = Array.from({ length: total }, (_, i) => message(i + 1));
  const at = (id: string | null) => all.findIndex((m) => m.id === id);
  const newestFirst = (from: number, to: number) => all.slice(Math.max(0, from), to).reverse();
  return answerApi(({ url }: AnsweredCall) => {
    const query = url.searchParams;
    if (url.pathname === listPath) {
      if (!query.get('channelId')) return jsonResponse(channels);
      const after = query.get('after');
      if (after) {
        const start = at(after) + 1;
        const page = all.slice(start, start + PAGE);
        return jsonResponse({
          messages: [...page].reverse(),
          nextCursor: page[0]?.id ?? after,
          newerCursor: start + PAGE < total ? page.at(-1)!.id : null,
        });
      }
      const end = query.get('before') ? at(query.get('before')) : total;
      return jsonResponse({
        messages: newestFirst(end - PAGE, end),
        nextCursor: end - PAGE > 0 ? all[end - PAGE]!.id : null,
      });
    }
    const around = /\/messages\/([^/]+)\/around$/.exec(url.pathname);
    if (around) {
      const index = at(around[1]!);
      if (index < 0) return jsonResponse({ message: MSG.viewer.messageNotFound }, 404);
      const from = Math.max(0, index - 49);
      const to = Math.min(total, index + 51);
      return jsonResponse({
        messages: newestFirst(from, to),
        olderCursor: from > 0 ? all[from]!.id : null,
        newerCursor: to < total ? all[to - 1]!.id : null,
      });
    }
    if (url.pathname === firstPath) {
      const from = query.get('from');
      const found = from ? all.find((m) => Date.parse(m.created_at) >= Date.parse(from)) : all[0];
      return jsonResponse({ messageId: found?.id ?? null });
    }
    if (url.pathname === searchPath) {
      if (options.searchFails) return jsonResponse({ message: MSG.common.somethingWrong }, 500);
      if (options.searchRefused) return jsonResponse({ message: MSG.search.tooMany }, 429);
      const words = query.get('q')!;
      const hits = [...all].reverse().filter((m) => m.html.includes(words));
      const start = query.get('before') ? hits.findIndex((h) => h.id === query.get('before')) + 1 : 0;
      const page = hits.slice(start, start + 2);
      return jsonResponse({
        hits: page.map((m) => ({
          id: m.id,
          user: m.user,
          created_at: m.created_at,
          excerpt: m.html.replace(/<[^>]+>/g, ''),
        })),
        nextCursor: start + 2 < hits.length ? page.at(-1)!.id : null,
      });
    }
    return undefined;
  });
}

function renderPage(search = '', state?: unknown) {
  return renderWithProviders(null, {
    routes: [
      { path: '/manage-families/:id/channel/:channelId', element: <ConversationPage /> },
      { path: '/reports', element: <p>The reports queue</p> },
    ],
    initialEntries: [{ pathname: pageUrl, search, state }],
  });
}

const paths = (calls: AnsweredCall[]) => calls.map((c) => c.path);

/** A hit's excerpt by its whole text (the words found are marked apart, in <mark>). */
const findHit = (results: HTMLElement, text: string) =>
  waitFor(() => {
    const found = within(results)
      .getAllByTestId('search-excerpt')
      .find((e) => e.textContent === text);
    if (!found) throw new Error(`no hit '${text}'`);
    return found;
  });

beforeEach(() => {
  // jsdom has no layout: a viewer 600 px high, reading in the middle of a long conversation, so that
  // no page loads by itself (only by the buttons).
  const heightOf = (element: HTMLElement) => (element.getAttribute('role') === 'log' ? 600 : 60);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return heightOf(this);
  });
  vi.spyOn(Element.prototype, 'scrollTop', 'get').mockReturnValue(5000);
  vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockReturnValue(10_000);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the conversation opened at one message', () => {
  it('loads the window around it (a deep link or a reload), with that message highlighted', async () => {
    const calls = stubServer(300);
    renderPage('?message=m150');
    const log = await screen.findByRole('log', { name: MSG.conversations.messagesLabel });
    const target = (await within(log).findByText('message 150')).closest('[data-message-id]')!;
    expect(target).toHaveAttribute('aria-current', 'true');
    expect(within(target as HTMLElement).getByText(MSG.viewer.highlighted)).toBeInTheDocument();
    expect(log.querySelectorAll('[aria-current="true"]')).toHaveLength(1);
    const texts = within(log)
      .getAllByTestId('message-html')
      .map((e) => e.textContent);
    expect(texts[0]).toBe('message 101');
    expect(texts.at(-1)).toBe('message 200');
    expect(paths(calls).filter((p) => p.includes('/around'))).toEqual([
      `${apiPath(API.conversations.around, { groupId: GROUP, channelId: CHANNEL, messageId: 'm150' })}?limit=100`,
    ]);
    // The newest page is not asked for: the conversation is open elsewhere.
    expect(paths(calls).some((p) => p.startsWith(listPath) && p.includes('channelId='))).toBe(false);
  });

  it("loads newer messages with 'Load newer messages' until the newest, and older ones as before", async () => {
    const calls = stubServer(300);
    const user = userEvent.setup();
    renderPage('?message=m150');
    const log = await screen.findByRole('log');
    await within(log).findByText('message 150');
    expect(within(log).queryByText('message 201')).not.toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: MSG.viewer.loadNewer }));
    expect(await within(log).findByText('message 300')).toBeInTheDocument();
    expect(within(log).queryByRole('button', { name: MSG.viewer.loadNewer })).not.toBeInTheDocument();
    expect(paths(calls)).toContain(`${listPath}?channelId=${CHANNEL}&limit=100&after=m200`);

    await user.click(within(log).getByRole('button', { name: MSG.conversations.loadOlder }));
    expect(await within(log).findByText('message 1')).toBeInTheDocument();
    expect(within(log).getByText(MSG.conversations.startOfConversation)).toBeInTheDocument();
    // Still highlighted after the pages around it arrived.
    expect(within(log).getByText('message 150').closest('[data-message-id]')).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it("goes back to the latest messages with 'Go to the latest messages'", async () => {
    stubServer(300);
    const user = userEvent.setup();
    const { router } = renderPage('?message=m150');
    await screen.findByText('message 150');
    await user.click(screen.getByRole('button', { name: MSG.viewer.backToLatest }));
    expect(await screen.findByText('message 300')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('button', { name: MSG.viewer.backToLatest })).not.toBeInTheDocument();
    expect(document.querySelector('[aria-current="true"][data-message-id]')).toBeNull();
  });

  it('says when the message is no longer in the conversation', async () => {
    stubServer(10);
    renderPage('?message=gone');
    expect(await screen.findByText(MSG.viewer.messageNotFound)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MSG.viewer.backToLatest })).toBeInTheDocument();
  });
});

describe('search in the conversation', () => {
  it('lists the hits with author and date, pages them, and opens the conversation at a hit', async () => {
    const calls = stubServer(300);
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByText('message 300');
    await user.type(screen.getByRole('textbox', { name: MSG.search.label }), 'kite{Enter}');

    const results = await screen.findByRole('list', { name: MSG.search.resultsLabel });
    expect(screen.getByText(MSG.search.hits(2, true))).toBeInTheDocument();
    const first = within(results).getAllByRole('button')[0]!;
    expect(first).toHaveAccessibleName(
      `${MSG.search.jumpTo}: ${MSG.search.hitLabel('Pat Parent', formatDateTime(message(275).created_at))}`,
    );
    expect(within(first).getByTestId('search-excerpt')).toHaveTextContent('message 275 with a kite');
    expect(within(first).getByText('kite').tagName).toBe('MARK');
    expect(paths(calls)).toContain(`${searchPath}?q=kite`);

    await user.click(screen.getByRole('button', { name: MSG.search.moreHits }));
    await findHit(results, 'message 175 with a kite');
    expect(paths(calls)).toContain(`${searchPath}?q=kite&before=m225`);
    await user.click(screen.getByRole('button', { name: MSG.search.moreHits }));
    await findHit(results, 'message 75 with a kite');
    await waitFor(() => expect(screen.getByText(MSG.search.hits(6, false))).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: MSG.search.moreHits })).not.toBeInTheDocument();

    await user.click(await findHit(results, 'message 75 with a kite'));
    await waitFor(() => expect(router.state.location.search).toBe('?message=m75'));
    const log = screen.getByRole('log');
    await waitFor(() =>
      expect(within(log).getByText('message 75 with a kite').closest('[data-message-id]')).toHaveAttribute(
        'aria-current',
        'true',
      ),
    );
    // The hits stay, the one open marked, to go on to another.
    expect((await findHit(results, 'message 75 with a kite')).closest('button')).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('says how many messages match when the server counted them, and marks the words found as text only', async () => {
    answerApi(({ url }: AnsweredCall) => {
      if (url.pathname === listPath)
        return jsonResponse(
          url.searchParams.get('channelId') ? { messages: [message(1)], nextCursor: null } : channels,
        );
      if (url.pathname === searchPath)
        return jsonResponse({
          hits: [
            {
              id: 'm1',
              user: { id: 'p', name: 'Pat Parent' },
              created_at: message(1).created_at,
              excerpt: 'Kites & <img src=x onerror="window.__xss=1"> kite flying',
            },
          ],
          nextCursor: 'm1',
          total: 1234,
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('message 1');
    await user.type(screen.getByRole('textbox', { name: MSG.search.label }), 'kite{Enter}');
    const results = await screen.findByRole('list', { name: MSG.search.resultsLabel });
    // The count of the whole channel, not of the page loaded.
    expect(screen.getByText(MSG.search.matches(1234))).toBeInTheDocument();
    const excerpt = within(results).getByTestId('search-excerpt');
    expect(excerpt).toHaveTextContent('Kites & <img src=x onerror="window.__xss=1"> kite flying');
    expect([...excerpt.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Kites', 'kite']);
    expect(excerpt.querySelector('img')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('asks for words, at most 200 characters, before searching', async () => {
    const calls = stubServer(3);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('message 3');
    const box = screen.getByRole('textbox', { name: MSG.search.label });
    await user.type(box, '   {Enter}');
    expect(await screen.findByText(MSG.search.empty)).toBeInTheDocument();
    await user.clear(box);
    await user.click(box);
    await user.paste('a'.repeat(SEARCH_TEXT_MAX + 1));
    await user.click(screen.getByRole('button', { name: MSG.search.submit }));
    expect(
      await screen.findByText(MSG.validation.tooLong(MSG.fields.search, SEARCH_TEXT_MAX)),
    ).toBeInTheDocument();
    expect(paths(calls).some((p) => p.startsWith(searchPath))).toBe(false);
  });

  it('says when nothing is found, and when the search failed', async () => {
    stubServer(3);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('message 3');
    await user.type(screen.getByRole('textbox', { name: MSG.search.label }), 'zebra{Enter}');
    expect(await screen.findByText(MSG.search.noHits)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MSG.search.clear }));
    expect(screen.queryByText(MSG.search.noHits)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: MSG.search.label })).toHaveValue('');

    vi.unstubAllGlobals();
    stubServer(3, { searchFails: true });
    await user.type(screen.getByRole('textbox', { name: MSG.search.label }), 'kite{Enter}');
    expect(await screen.findByText(MSG.search.failed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MSG.common.tryAgain })).toBeInTheDocument();
  });

  it('says so when the server refuses a search for too many at once', async () => {
    stubServer(3, { searchRefused: true });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('message 3');
    await user.type(screen.getByRole('textbox', { name: MSG.search.label }), 'kite{Enter}');
    expect(await screen.findByText(MSG.search.tooMany)).toBeInTheDocument();
  });
});

describe('going to a date or to the first message', () => {
  it('opens the conversation at its first message, and at the first message of a day', async () => {
    const calls = stubServer(300);
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByText('message 300');
    await user.click(screen.getByRole('button', { name: MSG.conversationDates.firstMessage }));
    await waitFor(() => expect(router.state.location.search).toBe('?message=m1'));
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('log')).getByText('message 1').closest('[data-message-id]'),
        ).toHaveAttribute('aria-current', 'true'),
      { timeout: 5000 },
    );

    const day = screen.getByLabelText(MSG.conversationDates.dateLabel);
    await user.type(day, '2026-03-07');
    await user.click(screen.getByRole('button', { name: MSG.conversationDates.goToDate }));
    // The start of that day where the reader is.
    const from = new Date('2026-03-07T00:00:00').toISOString();
    await waitFor(() => expect(paths(calls)).toContain(`${firstPath}?from=${encodeURIComponent(from)}`));
  });

  it('says when no message is that recent, and asks for a whole date', async () => {
    stubServer(30);
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByText('message 30');
    const day = screen.getByLabelText(MSG.conversationDates.dateLabel);
    await user.click(screen.getByRole('button', { name: MSG.conversationDates.goToDate }));
    expect(await screen.findByText(MSG.conversationDates.invalidDate)).toBeInTheDocument();
    await user.type(day, '2026-03-09');
    await user.click(screen.getByRole('button', { name: MSG.conversationDates.goToDate }));
    expect(await screen.findByText(MSG.conversationDates.nothingFrom)).toBeInTheDocument();
    expect(screen.queryByText(MSG.conversationDates.invalidDate)).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});

describe('opened from the reported messages', () => {
  it('offers the way back to the queue as it was left, also after moving to a search hit', async () => {
    stubServer(300);
    const user = userEvent.setup();
    const { router } = renderPage('?message=m120', { fromReports: '/reports?state=open&page=2' });
    const back = await screen.findByRole('link', { name: MSG.viewer.backToReports });
    expect(back).toHaveAttribute('href', '/reports?state=open&page=2');
    const box = screen.getByRole('textbox', { name: MSG.search.label });
    await user.type(box, 'kite{Enter}');
    await user.click(
      (await screen.findAllByRole('button', { name: new RegExp(`^${MSG.search.jumpTo}`) }))[0]!,
    );
    await waitFor(() => expect(router.state.location.search).not.toBe('?message=m120'));
    expect(screen.getByRole('link', { name: MSG.viewer.backToReports })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: MSG.viewer.backToReports }));
    expect(await screen.findByText('The reports queue')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?state=open&page=2');
  });

  it('shows no way back to a queue it was not opened from, nor to an address outside it', async () => {
    stubServer(300);
    renderPage('?message=m120', { fromReports: 'https://elsewhere.example/reports' });
    await screen.findByRole('button', { name: MSG.viewer.backToLatest });
    expect(screen.queryByRole('link', { name: MSG.viewer.backToReports })).not.toBeInTheDocument();
  });
});
