// The notifications screen and an e-mail's opt-out page, with the server's answers played by a
// stand-in for fetch: e-mails turned off and saved, a browser that cannot show notifications says so,
// and the opt-out link asks before it stops anything, then says it has, or that the link is not valid.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider } from '../texts.js';
import { Notifications } from './notifications.js';
import { OptOut } from './opt-out.js';

const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

let answer: (url: string, method: string, body: unknown) => Response;
const calls: { url: string; method: string; body: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  localStorage.setItem('bt-family-language', 'en');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : null;
      calls.push({ url, method, body });
      return answer(url, method, body);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the notifications screen', () => {
  it('turns the unread-messages e-mails off and says it saved; this browser cannot show notifications', async () => {
    let saved = { emailUnread: true, language: 'en' };
    answer = (url, method, body) => {
      if (url === '/api/chat/preferences' && method === 'PUT') {
        saved = { ...saved, ...(body as object) };
        return json(200, saved);
      }
      if (url === '/api/chat/preferences') return json(200, saved);
      return json(404, { message: 'not here' });
    };
    render(
      <LanguageProvider>
        <Notifications />
      </LanguageProvider>,
    );
    const email = await screen.findByRole('checkbox', { name: 'E-mail me about messages I have not read' });
    expect(email).toBeChecked();
    expect(email).toHaveAccessibleDescription(
      'Sent when a conversation has been quiet for a while: at most one an hour per conversation, never with the messages themselves.',
    );
    await userEvent.click(email);
    await waitFor(() => expect(email).not.toBeChecked());
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { url: '/api/chat/preferences', method: 'PUT', body: { emailUnread: false } },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Saved.');

    // jsdom has no PushManager: the choice is there, off, and says why.
    const push = screen.getByRole('checkbox', { name: 'Show notifications on this device' });
    expect(push).toBeDisabled();
    expect(push).toHaveAccessibleDescription(
      'This browser cannot show notifications. On an iPhone, add Bridge Talk to the home screen first.',
    );
  });

  it('keeps the choice as it was when saving fails', async () => {
    answer = (_url, method) =>
      method === 'PUT' ? json(500, { message: 'down' }) : json(200, { emailUnread: true, language: null });
    render(
      <LanguageProvider>
        <Notifications />
      </LanguageProvider>,
    );
    const email = await screen.findByRole('checkbox', { name: 'E-mail me about messages I have not read' });
    await userEvent.click(email);
    expect(await screen.findByText('Something went wrong. Try again.')).toBeInTheDocument();
    expect(email).toBeChecked();
  });
});

describe('an e-mail’s opt-out link', () => {
  it('asks first, then stops the e-mails with the link’s token', async () => {
    answer = () => json(200, { message: 'You will no longer get e-mails about unread messages.' });
    render(
      <LanguageProvider>
        <OptOut token="signed-token" />
      </LanguageProvider>,
    );
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Stop these e-mails' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You will no longer get e-mails about unread messages. You can turn them on again in the app.',
    );
    expect(calls).toEqual([
      {
        url: '/api/chat/notifications/unread-mail/opt-out',
        method: 'POST',
        body: { token: 'signed-token' },
      },
    ]);
    expect(screen.getByRole('link', { name: 'Open Bridge Talk' })).toHaveAttribute('href', '/family/');
  });

  it('says when the link is not valid, in the member’s language', async () => {
    localStorage.setItem('bt-family-language', 'es');
    answer = () => json(400, { message: 'This link is not valid.' });
    render(
      <LanguageProvider>
        <OptOut token="tampered" />
      </LanguageProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dejar de recibir estos correos' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este enlace no es válido. Inicie sesión en la aplicación para elegir sus correos.',
    );
  });
});
