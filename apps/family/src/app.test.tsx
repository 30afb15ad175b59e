// The families' app in the browser, the server's answers played by a stand-in for fetch: signing in
// with the e-mailed code, the home, and a send whose answer is lost, tried again with the same key.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOut } from './api.js';
import { App } from './app.js';
import { testChannel } from './test-channel.js';

type Handler = (request: {
  url: string;
  method: string;
  body: unknown;
  auth: string | null;
}) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** A member's channel as the server lists it, with two unread messages. */
const channel = testChannel({
  unread: 2,
  lastMessage: {
    id: 'm1',
    userId: 'pat',
    userName: 'Pat Parent',
    preview: 'See you Sunday',
    attachments: 0,
    created_at: new Date().toISOString(),
  },
});

let handler: Handler;
const calls: { url: string; method: string; body: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  window.history.replaceState(null, '', '/family/');
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : null;
      const headers = new Headers(init.headers);
      calls.push({ url: input, method, body });
      // The event stream stays open without an event.
      if (input === '/api/chat/events') return new Promise<Response>(() => {});
      return handler({ url: input, method, body, auth: headers.get('authorization') });
    }),
  );
});
afterEach(async () => {
  // The session lives in the module (memory): each test starts signed out.
  await signOut();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the families’ app', () => {
  it('signs in with the e-mailed code and shows the member’s conversations', async () => {
    let signedIn = false;
    handler = ({ url, body }) => {
      if (url === '/api/chat/sessions/refresh')
        return signedIn ? json(200, session()) : json(401, { message: 'Your session has expired.' });
      if (url === '/api/chat/sessions/code') return json(200, { message: 'sent', state: 'state-1' });
      if (url === '/api/chat/sessions') {
        if ((body as { code: string }).code !== 'ABC234') return json(401, { message: 'wrong' });
        signedIn = true;
        return json(200, session());
      }
      if (url === '/api/chat/channels') return json(200, { channels: [channel] });
      return json(404, { message: 'not found' });
    };
    render(<App />);
    const email = await screen.findByRole('textbox', { name: 'E-mail' });
    expect(window.location.pathname).toBe('/family/sign-in');
    // A browser that never signed in asks for no token.
    expect(calls.map((c) => c.url)).not.toContain('/api/chat/sessions/refresh');
    await userEvent.type(email, 'bea@family.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(
      await screen.findByText(
        'If bea@family.test belongs to a family member, a code is on its way. It works for 15 minutes.',
      ),
    ).toBeVisible();
    const code = screen.getByRole('textbox', { name: 'Code' });
    await userEvent.type(code, 'zzz999');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is not valid or has expired.');
    await userEvent.clear(code);
    await userEvent.type(code, 'abc234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Your conversations' })).toBeVisible();
    expect(window.location.pathname).toBe('/family/');
    const link = screen.getByRole('link', { name: /With Pat Parent/ });
    expect(link).toHaveTextContent('Pat Parent: See you Sunday');
    expect(link).toHaveAccessibleName(/2 unread messages/);
    expect(calls.findLast((c) => c.url === '/api/chat/sessions')?.body).toEqual({
      email: 'bea@family.test',
      code: 'ABC234',
      state: 'state-1',
    });
  });

  it('speaks Spanish when the member chooses it, and keeps the choice', async () => {
    handler = () => json(500, { message: 'not asked: this browser never signed in' });
    const { unmount } = render(<App />);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'es');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    expect(document.documentElement.lang).toBe('es');
    unmount();
    render(<App />);
    expect(await screen.findByRole('button', { name: 'Enviarme un código' })).toBeVisible();
  });

  it('tries a send again with the same key after its answer was lost, and shows it once', async () => {
    window.history.replaceState(null, '', `/family/conversations/${channel.id}`);
    // This browser signed in before: the page asks for a token with the device's cookie.
    localStorage.setItem('bt-family-signed-in', '1');
    // jsdom lays nothing out: the log shows only the rows within its height (screens/conversation.test.tsx
    // gives it a whole layout).
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.getAttribute('role') === 'log' ? 600 : 0;
    });
    let posts = 0;
    const sent = {
      id: 'm2',
      channelId: channel.id,
      user: { id: 'me', name: 'Bea Birth' },
      html: '<p>Hola</p>',
      attachments: [],
      created_at: new Date().toISOString(),
      clientId: null as string | null,
    };
    handler = ({ url, method, body }) => {
      if (url === '/api/chat/sessions/refresh') return json(200, session());
      if (url === '/api/chat/channels') return json(200, { channels: [channel] });
      if (url.startsWith(`/api/chat/channels/${channel.id}/messages?`)) {
        // The message exists once the second send was answered.
        return json(200, {
          messages: posts > 1 ? [sent] : [],
          nextCursor: null,
          newerCursor: null,
          reportedByMe: [],
        });
      }
      if (url === `/api/chat/channels/${channel.id}/messages` && method === 'POST') {
        posts += 1;
        if (posts === 1) throw new TypeError('Failed to fetch');
        sent.clientId = (body as { clientId: string }).clientId;
        return json(201, { id: 'm2' });
      }
      if (url.endsWith('/read')) return json(204, null);
      return json(404, { message: 'not found' });
    };
    render(<App />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Write a message' }), 'Hola');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Not sent.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(screen.queryByText('Not sent.')).toBeNull());
    const posted = calls.filter((c) => c.method === 'POST' && c.url.endsWith('/messages'));
    expect(posted).toHaveLength(2);
    const keys = posted.map((c) => (c.body as { clientId: string }).clientId);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(posted[0]?.body).toMatchObject({ html: '<p>Hola</p>', attachments: [] });
    await act(async () => {});
    expect(await screen.findAllByText('Hola')).toHaveLength(1);
  });

  it('sends one message for a double click on Send', async () => {
    window.history.replaceState(null, '', `/family/conversations/${channel.id}`);
    localStorage.setItem('bt-family-signed-in', '1');
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.getAttribute('role') === 'log' ? 600 : 0;
    });
    handler = ({ url, method }) => {
      if (url === '/api/chat/sessions/refresh') return json(200, session());
      if (url === '/api/chat/channels') return json(200, { channels: [channel] });
      if (url.startsWith(`/api/chat/channels/${channel.id}/messages?`))
        return json(200, { messages: [], nextCursor: null, newerCursor: null, reportedByMe: [] });
      if (url === `/api/chat/channels/${channel.id}/messages` && method === 'POST')
        return json(201, { id: 'm3' });
      if (url.endsWith('/read')) return json(204, null);
      return json(404, { message: 'not found' });
    };
    render(<App />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Write a message' }), 'Once');
    await userEvent.dblClick(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Write a message' })).toHaveValue(''));
    await act(async () => {});
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/messages'))).toHaveLength(1);
  });

  it('keeps a pasted text that is too long whole, says so, and sends nothing', async () => {
    window.history.replaceState(null, '', `/family/conversations/${channel.id}`);
    localStorage.setItem('bt-family-signed-in', '1');
    handler = ({ url }) => {
      if (url === '/api/chat/sessions/refresh') return json(200, session());
      if (url === '/api/chat/channels') return json(200, { channels: [channel] });
      if (url.startsWith(`/api/chat/channels/${channel.id}/messages?`))
        return json(200, { messages: [], nextCursor: null, newerCursor: null, reportedByMe: [] });
      return json(404, { message: 'not found' });
    };
    render(<App />);
    const box = await screen.findByRole('textbox', { name: 'Write a message' });
    box.focus();
    await userEvent.paste('a'.repeat(5001));
    expect(box).toHaveValue('a'.repeat(5001));
    expect(box).toHaveAccessibleDescription(
      'This message is too long: write at most 5,000 characters, or send it in parts.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(box).toHaveValue('a'.repeat(5001));
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/messages'))).toHaveLength(0);
    await userEvent.type(box, '{Backspace}');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

function session() {
  return { token: 'member-token', expiresIn: 43_200, member: { id: 'me', name: 'Bea Birth' } };
}
