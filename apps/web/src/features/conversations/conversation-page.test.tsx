import {
  API,
  apiPath,
  type ChannelListResponse,
  MESSAGE_PAGE_SIZE,
  type Message,
  MSG,
} from '@bridge-talk/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubApi, withToasts } from '../../test/render.js';
import { REFRESH_INTERVAL_MS } from './api/list-messages.js';
import { ConversationPage } from './conversation-page.js';

// The page's data flow, with every row rendered; the windowing itself is message-viewer.test.tsx's.
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
const managerPath = apiPath(API.conversations.manager, { groupId: GROUP, channelId: CHANNEL });
const exportPath = apiPath(API.conversations.exportRequest, { channelId: CHANNEL });
const pageUrl = `/manage-families/${GROUP}/channel/${CHANNEL}`;

function channels(overrides: Partial<ChannelListResponse['channels'][number]> = {}): ChannelListResponse {
  return {
    groupName: 'Robin Smith',
    channels: [
      {
        id: CHANNEL,
        number: 2,
        disabled: false,
        created: '2026-01-02T10:00:00.000Z',
        members: [
          { user_id: 'p', name: 'Pat Parent', role: 'adoptive_parent', permission: 'write' },
          { user_id: 'b', name: 'Bea Birth', role: 'birth_family', permission: 'write' },
          { user_id: 'c', name: 'Robin Smith', role: 'child', permission: 'read' },
        ],
        hasReports: false,
        ...overrides,
      },
    ],
  };
}

function message(n: number, overrides: Partial<Message> = {}): Message {
  return {
    id: `m${n}`,
    user: n % 2 ? { id: 'p', name: 'Pat Parent' } : { id: 'b', name: 'Bea Birth' },
    attachments: [],
    html: `<p>message ${n}</p>`,
    created_at: new Date(Date.parse('2026-03-07T15:00:00Z') + n * 60_000).toISOString(),
    flaggedMessages: { flags: [] },
    ...overrides,
  };
}

/** A stubbed server: the channel list, and `total` messages served newest first, 50 a page. */
function stubConversation(
  options: { total?: number; channelList?: ChannelListResponse; messages?: Message[] } = {},
) {
  const all = options.messages ?? Array.from({ length: options.total ?? 3 }, (_, i) => message(i + 1));
  const handlers = {
    [`GET ${listPath}`]: () => jsonResponse(options.channelList ?? channels()),
  };
  const api = stubApi(handlers);
  // The same path answers both: dispatch on ?channelId and ?before.
  api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    api.calls.push({
      method,
      path: `${url.pathname}${url.search}`,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    if (method === 'POST' && url.pathname === managerPath)
      return jsonResponse({ message: MSG.families.channelStatusUpdated });
    if (url.pathname !== listPath) return jsonResponse({ message: 'no stub' }, 501);
    if (!url.searchParams.get('channelId')) return jsonResponse(options.channelList ?? channels());
    const before = url.searchParams.get('before');
    const newestFirst = [...all].reverse();
    const start = before ? newestFirst.findIndex((m) => m.id === before) + 1 : 0;
    const page = newestFirst.slice(start, start + 50);
    const more = start + 50 < newestFirst.length;
    return jsonResponse({ messages: page, nextCursor: more ? page.at(-1)!.id : null });
  });
  return { api, all };
}

function renderPage(state?: unknown) {
  return renderWithProviders(null, {
    routes: [
      { path: '/manage-families/:id/channel/:channelId', element: <ConversationPage /> },
      { path: '/manage-families/:id/details', element: <h1>Family page</h1> },
      { path: '/manage-families', element: <h1>Families</h1> },
    ],
    initialEntries: [{ pathname: pageUrl, state }],
    wrapper: withToasts,
  });
}

const messageCalls = (api: ReturnType<typeof stubApi>) =>
  api.calls.filter((c) => c.path.includes('channelId='));

beforeEach(() => {
  // jsdom has no layout: give the viewer a height and each message a row's height.
  const heightOf = (element: HTMLElement) => (element.getAttribute('role') === 'log' ? 600 : 60);
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
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ConversationPage', () => {
  it('opened directly (a deep link or reload), fetches the family name and channel label for the breadcrumb', async () => {
    stubConversation();
    renderPage();
    const trail = screen.getByLabelText('Breadcrumb');
    expect(within(trail).getByRole('link', { name: MSG.nav.manageFamilies })).toHaveAttribute(
      'href',
      '/manage-families',
    );
    expect(await within(trail).findByRole('link', { name: 'Robin Smith' })).toHaveAttribute(
      'href',
      `/manage-families/${GROUP}/details`,
    );
    expect(within(trail).getByRole('link', { name: 'Channel 2' })).toBeInTheDocument();
    expect(within(trail).getByText(MSG.families.conversationHistory)).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { name: MSG.families.conversationHistory })).toBeInTheDocument();
  });

  it('shows the names passed by the family page at once', async () => {
    stubConversation();
    renderPage({ groupName: 'Robin Smith', channelLabel: 'Channel 2' });
    const trail = screen.getByLabelText('Breadcrumb');
    expect(within(trail).getByRole('link', { name: 'Robin Smith' })).toBeInTheDocument();
    expect(within(trail).getByRole('link', { name: 'Channel 2' })).toBeInTheDocument();
    expect(await screen.findByText('message 3')).toBeInTheDocument();
  });

  it('loads the messages at once, oldest first, with the channel members and a report', async () => {
    const { api } = stubConversation({
      messages: [
        message(1),
        message(2, { flaggedMessages: { flags: [{ message: { id: 'm2' }, user: { name: 'Pat Parent' } }] } }),
        message(3),
      ],
    });
    renderPage();
    const log = await screen.findByRole('log', { name: MSG.conversations.messagesLabel });
    await within(log).findByText('message 3');
    const texts = within(log)
      .getAllByTestId('message-html')
      .map((e) => e.textContent);
    expect(texts).toEqual(['message 1', 'message 2', 'message 3']);
    expect(within(log).getByText(MSG.families.reportedBy('Pat Parent'))).toBeInTheDocument();
    expect(within(log).getByText(MSG.conversations.startOfConversation)).toBeInTheDocument();
    // The name is isolated (<bdi>) from the role after it: a right-to-left name cannot reorder them.
    expect(
      screen.getByText(
        (_, element) =>
          element?.tagName === 'SPAN' &&
          element.textContent?.replace(/^ · /, '') === 'Robin Smith (Child, read only)',
      ),
    ).toBeInTheDocument();
    expect(messageCalls(api)).toEqual([
      { method: 'GET', path: `${listPath}?channelId=${CHANNEL}&limit=${MESSAGE_PAGE_SIZE}`, body: undefined },
    ]);
  });

  it('loads older pages, 50 at a time, while the reader is at the top, until the start of the conversation', async () => {
    const { api } = stubConversation({ total: 120 });
    renderPage();
    const log = await screen.findByRole('log');
    // jsdom scrolls nowhere: the reader stays at the top, so each page brings the next.
    expect(await within(log).findByText(MSG.conversations.startOfConversation)).toBeInTheDocument();
    const texts = within(log)
      .getAllByTestId('message-html')
      .map((e) => e.textContent);
    expect(texts).toEqual(Array.from({ length: 120 }, (_, i) => `message ${i + 1}`));
    const pages = messageCalls(api).map((c) => new URL(c.path, 'http://x').searchParams.get('before'));
    expect(pages).toEqual([null, 'm71', 'm21']);
  }, 20_000);

  it('offers the older messages with a button too (keyboard users)', async () => {
    stubConversation({ total: 60 });
    const user = userEvent.setup();
    // The reader is down in the conversation, which is taller than the viewer.
    vi.spyOn(Element.prototype, 'scrollTop', 'get').mockReturnValue(5000);
    vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockReturnValue(10_000);
    renderPage();
    const log = await screen.findByRole('log');
    await within(log).findByText('message 60');
    expect(within(log).queryByText('message 10')).not.toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: MSG.conversations.loadOlder }));
    expect(await within(log).findByText('message 10')).toBeInTheDocument();
    expect(within(log).getByText(MSG.conversations.startOfConversation)).toBeInTheDocument();
  });

  it('looks for new messages every 50 seconds (a refresh, not a new opening)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, all } = stubConversation({ total: 2 });
    renderPage();
    const log = await screen.findByRole('log');
    await within(log).findByText('message 2');
    all.push(message(3, { html: '<p>a new one</p>' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS + 100);
    });
    expect(await within(log).findByText('a new one')).toBeInTheDocument();
    expect(messageCalls(api).map((c) => c.path)).toEqual([
      `${listPath}?channelId=${CHANNEL}&limit=${MESSAGE_PAGE_SIZE}`,
      `${listPath}?channelId=${CHANNEL}&limit=${MESSAGE_PAGE_SIZE}&refresh=true`,
    ]);
  });

  it('shows an empty conversation', async () => {
    stubConversation({ total: 0 });
    renderPage();
    expect(await screen.findByText(MSG.conversations.noMessages)).toBeInTheDocument();
  });

  it('shows a failure to load, and tries again', async () => {
    const { api } = stubConversation();
    const original = api.fetchMock.getMockImplementation()!;
    let fail = true;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (fail && String(input).includes('channelId=')) return jsonResponse({ message: 'down' }, 500);
      return original(input, init);
    });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(MSG.conversations.loadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: MSG.common.tryAgain }));
    expect(await screen.findByText('message 3')).toBeInTheDocument();
  });

  it('says so when the channel is not one of the family’s', async () => {
    stubConversation({ channelList: { groupName: 'Robin Smith', channels: [] } });
    renderPage();
    expect(await screen.findByText(MSG.conversations.channelNotFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MSG.conversations.backToFamily })).toHaveAttribute(
      'href',
      `/manage-families/${GROUP}/details`,
    );
  });

  it("disables the channel after 'Do you really want to change the status of the current channel?'", async () => {
    const { api } = stubConversation();
    const user = userEvent.setup();
    renderPage();
    const status = await screen.findByRole('switch', { name: MSG.conversations.channelStatus });
    expect(status).toBeChecked();
    await user.click(status);
    expect(screen.getByText(MSG.families.channelStatusConfirm)).toBeInTheDocument();
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: MSG.common.back }));
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(status);
    await user.click(screen.getByRole('button', { name: MSG.common.confirm }));
    expect(await screen.findByText(MSG.families.channelStatusUpdated)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: managerPath, body: { active: false } },
    ]);
  });

  it('opens the export dialog with EXPORT', async () => {
    stubConversation();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: MSG.families.export }));
    expect(await screen.findByRole('textbox', { name: /^Re-type email/ })).toBeInTheDocument();
  });

  it("requests the export, says 'You will receive an email message soon!', and closing reloads the page", async () => {
    // The page reloads rather than refetching: a reload loads everything anew.
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const { api } = stubConversation();
    const served = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST' && String(input) === exportPath) {
        api.calls.push({ method: 'POST', path: exportPath, body: JSON.parse(String(init.body)) });
        return jsonResponse({ message: MSG.families.exportRequested, exportId: 'e1' });
      }
      return served(input, init);
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: MSG.families.export }));
    await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'records@agency.test');
    await user.type(screen.getByRole('textbox', { name: /^Re-type email/ }), 'records@agency.test');
    await user.click(screen.getByRole('button', { name: MSG.common.confirm }));
    const done = await screen.findByRole('dialog', { name: MSG.conversations.exportTitle });
    expect(within(done).getByText(MSG.families.exportRequested)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: exportPath, body: { email: 'records@agency.test' } },
    ]);
    expect(reload).not.toHaveBeenCalled();
    await user.click(within(done).getByRole('button', { name: MSG.conversations.close }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
