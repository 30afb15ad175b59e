// The whole app as the browser runs it (BrowserRouter on jsdom's history, the session-keyed route
// tables, lazy screens): signing in must show the landing page's screen, not only change the address.
import { API, type FamilyListResponse, MSG, type SessionResponse } from '@bridge-talk/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishSession } from '../shared/session/token.js';
import { jsonResponse, stubApi } from '../test/render.js';
import { ADMIN_USER, ENTITY_USER, sessionOf } from '../test/sessions.js';
import { App } from './app.js';

const SESSION: SessionResponse = sessionOf(ENTITY_USER, 'access-token-1');

/** Lazy screens load their modules on first use, which takes seconds on a busy machine. */
const LOADED = { timeout: 20_000 };

const NO_FAMILIES: FamilyListResponse = { result: [], total: 0, moreThanTotal: false, page: 1, pageSize: 10 };

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  publishSession(null);
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('App', () => {
  it('signs in from a deep link and shows the page that sent the user to the login', async () => {
    const api = stubApi({
      [`POST ${API.auth.login}`]: () => jsonResponse(SESSION),
      [`GET ${API.families.list}`]: () => jsonResponse(NO_FAMILIES),
    });
    window.history.replaceState(null, '', '/manage-families?search=robin');
    const user = userEvent.setup();
    render(<App />);

    await user.type(await screen.findByRole('textbox', { name: 'Email' }, LOADED), 'erin@example.com');
    expect(window.location.pathname).toBe('/login/entity');
    await user.type(screen.getByLabelText(/^Password/), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: MSG.nav.manageFamilies }, LOADED),
    ).toBeVisible();
    expect(screen.getByPlaceholderText('Search for name or email')).toHaveValue('robin');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/manage-families?search=robin');
    expect(screen.queryByText('Page not found')).toBeNull();
    expect(api.callsTo('GET', API.families.list)).not.toHaveLength(0);
  }, 60_000);

  it('opened straight at the check page with no session (the e-mail’s link), answers the check', async () => {
    const hash = 'c'.repeat(64);
    stubApi({
      [`GET ${API.conversations.verifyExport.replace(':hash', hash)}`]: () =>
        jsonResponse({ issued: false, sha256: hash, message: MSG.conversations.exportNotIssued }),
    });
    window.history.replaceState(null, '', `/verify/${hash}`);
    render(<App />);

    expect(await screen.findByText(MSG.conversations.exportNotIssued, {}, LOADED)).toBeVisible();
  }, 60_000);

  it('signs in with a new password and shows the start page of the role, not "Page not found"', async () => {
    stubApi({
      [`POST ${API.auth.passwordChange}`]: () => jsonResponse(SESSION),
      [`GET ${API.families.list}`]: () => jsonResponse(NO_FAMILIES),
    });
    // The code screen hands its e-mail and flow state over in the history entry's state.
    window.history.replaceState(
      { usr: { email: 'erin@example.com', state: 'flow-state-1' }, key: 'code', idx: 0 },
      '',
      '/new-password/entity',
    );
    const user = userEvent.setup();
    render(<App />);

    await user.type(await screen.findByLabelText(/^New password/, {}, LOADED), 'Abcdefg1');
    await user.type(screen.getByLabelText(/^Re-type password/), 'Abcdefg1');
    await user.click(screen.getByRole('button', { name: 'Save password' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: MSG.nav.manageFamilies }, LOADED),
    ).toBeVisible();
    expect(window.location.pathname).toBe('/manage-families');
    expect(screen.queryByText('Page not found')).toBeNull();
  }, 60_000);

  it('sends a logged-out visitor of an admin page to the admin login, and back to that page after', async () => {
    const api = stubApi({
      [`POST ${API.auth.login}`]: () => jsonResponse(sessionOf(ADMIN_USER)),
      [`GET ${API.entities.list}`]: () => jsonResponse({ result: [], total: 0, page: 1, pageSize: 10 }),
    });
    // After logout nothing in storage says which role the visitor had.
    window.history.replaceState(null, '', '/entity-management?search=hope');
    const user = userEvent.setup();
    render(<App />);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Administrator login' }, LOADED),
    ).toBeVisible();
    expect(window.location.pathname).toBe('/login/admin');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: MSG.nav.entityManagement }, LOADED),
    ).toBeVisible();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/entity-management?search=hope');
    expect(api.callsTo('POST', API.auth.login)[0]?.body).toMatchObject({ role: 'admin' });
  }, 60_000);

  it('links each login page to the other', async () => {
    window.history.replaceState(null, '', '/login/entity');
    const user = userEvent.setup();
    render(<App />);
    await user.click(await screen.findByRole('link', { name: MSG.auth.adminLoginLink }, LOADED));
    expect(await screen.findByRole('heading', { level: 1, name: 'Administrator login' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: MSG.auth.entityLoginLink }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Agency and lawyer login' })).toBeVisible();
    expect(window.location.pathname).toBe('/login/entity');
  }, 60_000);
});
