import { API, MSG, type SessionResponse } from '@bridge-talk/contract';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render.js';
import { ENTITY_USER, sessionOf } from '../../test/sessions.js';
import { SessionProvider, useSession } from './session-provider.js';
import { currentAccessToken, publishSession } from './token.js';

const SESSION: SessionResponse = sessionOf(ENTITY_USER, 'restored-token');

function Probe() {
  const session = useSession();
  return (
    <output aria-label="session">
      {session.status}
      {session.user ? ` ${session.user.name} ${session.user.role}` : ''}
    </output>
  );
}

function renderProvider() {
  return render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );
}

const status = () => screen.getByRole('status', { name: 'session' });

beforeEach(() => {
  publishSession(null);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SessionProvider', () => {
  it('is anonymous at once without calling the server when no role is stored', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);

    renderProvider();

    expect(status()).toHaveTextContent(/^anonymous$/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('restores the session through the refresh endpoint when a role is stored', async () => {
    localStorage.setItem('role', 'entity');
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(SESSION)));
    vi.stubGlobal('fetch', fetchMock);

    renderProvider();

    expect(status()).toHaveTextContent(/^loading$/);
    expect(await screen.findByText('authenticated Erin Entity entity')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(API.auth.refresh, expect.objectContaining({ method: 'POST' }));
    expect(currentAccessToken()).toBe('restored-token');
  });

  it('becomes anonymous when the refresh fails', async () => {
    localStorage.setItem('role', 'admin');
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse({ message: MSG.extra.sessionExpired }, 401)));
    vi.stubGlobal('fetch', fetchMock);

    renderProvider();

    expect(status()).toHaveTextContent(/^loading$/);
    expect(await screen.findByText(/^anonymous$/)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(currentAccessToken()).toBeNull();
  });

  it('ignores a stored value that is not a role', () => {
    localStorage.setItem('role', 'superuser');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);

    renderProvider();

    expect(status()).toHaveTextContent(/^anonymous$/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('follows sessions published after sign-in and sign-out', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderProvider();

    act(() => publishSession(SESSION));
    expect(status()).toHaveTextContent('authenticated Erin Entity entity');

    act(() => publishSession(null));
    expect(status()).toHaveTextContent(/^anonymous$/);
  });

  it('refreshes the access token a minute before it expires', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(() =>
      Promise.resolve(jsonResponse({ ...SESSION, accessToken: 'next-token', expiresIn: 900 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderProvider();

    act(() => publishSession({ ...SESSION, expiresIn: 120 }));
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(fetchMock).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(API.auth.refresh, expect.objectContaining({ method: 'POST' }));
    expect(currentAccessToken()).toBe('next-token');
    expect(status()).toHaveTextContent('authenticated Erin Entity entity');
  });

  it('signs out when the timed refresh fails', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 401 }))),
    );
    renderProvider();

    act(() => publishSession({ ...SESSION, expiresIn: 120 }));
    await act(() => vi.advanceTimersByTimeAsync(60_000));

    expect(status()).toHaveTextContent(/^anonymous$/);
    expect(currentAccessToken()).toBeNull();
  });
});
