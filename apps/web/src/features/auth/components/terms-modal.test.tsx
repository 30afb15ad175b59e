import { API, MSG } from '@bridge-talk/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, stubApi } from '../../../test/render.js';
import { TermsLinks } from './terms-modal.js';

afterEach(() => vi.unstubAllGlobals());

const published = (content: string) => ({
  _id: 't1',
  content,
  version: 3,
  updatedAt: '2026-11-01T10:00:00.000Z',
});

describe('terms links', () => {
  it('asks for nothing until a link is opened', () => {
    const api = stubApi({});
    renderWithProviders(<TermsLinks />);
    expect(screen.getByRole('button', { name: MSG.auth.termsOfUse })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it("opens the latest terms under the link's title, sanitised: no script, no event handler", async () => {
    const api = stubApi({
      'GET /api/term/last': () =>
        jsonResponse(
          published('<h2>Our terms</h2><script>window.bad=1</script><img src="x" onerror="window.bad=2">'),
        ),
    });
    renderWithProviders(<TermsLinks />);
    await userEvent.click(screen.getByRole('button', { name: MSG.auth.privacyPolicy }));
    const dialog = await screen.findByRole('dialog', { name: MSG.auth.privacyPolicy });
    expect(await within(dialog).findByRole('heading', { name: 'Our terms' })).toBeInTheDocument();
    expect(dialog.querySelector('script')).toBeNull();
    // Terms keep no pictures at all (the contract's allow-list), so no handler either.
    expect(dialog.querySelector('img')).toBeNull();
    expect(api.callsTo('GET', API.term.last)).toHaveLength(1);
  });

  it('says so when no terms are published, and closes', async () => {
    stubApi({ 'GET /api/term/last': () => jsonResponse(null) });
    renderWithProviders(<TermsLinks />);
    await userEvent.click(screen.getByRole('button', { name: MSG.auth.termsOfUse }));
    const dialog = await screen.findByRole('dialog', { name: MSG.auth.termsOfUse });
    expect(await within(dialog).findByText(MSG.extra.termsNotPublished)).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
