import { API, formatFullDate, MSG, type Terms } from '@bridge-talk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, jsonResponse, renderWithProviders, stubApi } from '../../../test/render.js';
import { TermsLinks } from './terms-modal.js';

afterEach(() => vi.unstubAllGlobals());

const published = (content: string, document: Terms['document'] = 'terms'): Terms => ({
  _id: `${document}-3`,
  document,
  content,
  version: 3,
  updatedAt: '2026-11-01T10:00:00.000Z',
  author: 'Ada Lovelace',
});

describe('terms links', () => {
  it('asks for nothing until a link is opened', () => {
    const api = stubApi({});
    renderWithProviders(<TermsLinks />);
    expect(screen.getByRole('button', { name: MSG.auth.termsOfUse })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it("opens the latest terms under the link's title with their version and date, sanitised: no script, no event handler", async () => {
    const calls = answerApi((call) =>
      call.path === `${API.terms.last}?document=terms`
        ? jsonResponse(
            published('<h2>Our terms</h2><script>window.bad=1</script><img src="x" onerror="window.bad=2">'),
          )
        : undefined,
    );
    renderWithProviders(<TermsLinks />);
    await userEvent.click(screen.getByRole('button', { name: MSG.auth.termsOfUse }));
    const dialog = await screen.findByRole('dialog', { name: MSG.auth.termsOfUse });
    expect(await within(dialog).findByRole('heading', { name: 'Our terms' })).toBeInTheDocument();
    expect(
      within(dialog).getByText(MSG.terms.versionAndDate(3, formatFullDate('2026-11-01T10:00:00.000Z'))),
    ).toBeInTheDocument();
    expect(dialog.querySelector('script')).toBeNull();
    // Terms keep no pictures at all (the contract's allow-list), so no handler either.
    expect(dialog.querySelector('img')).toBeNull();
    expect(calls.map((c) => c.path)).toEqual([`${API.terms.last}?document=terms`]);
  });

  it('opens the privacy policy — its own text, version and date — under its link, not the terms', async () => {
    const calls = answerApi((call) => {
      if (call.path === `${API.terms.last}?document=privacy`)
        return jsonResponse({ ...published('<p>We keep your data safe.</p>', 'privacy'), version: 1 });
      if (call.path === `${API.terms.last}?document=terms`) return jsonResponse(published('<p>Terms</p>'));
      return undefined;
    });
    renderWithProviders(<TermsLinks />);
    await userEvent.click(screen.getByRole('button', { name: MSG.auth.privacyPolicy }));
    const dialog = await screen.findByRole('dialog', { name: MSG.auth.privacyPolicy });
    expect(await within(dialog).findByText('We keep your data safe.')).toBeInTheDocument();
    expect(
      within(dialog).getByText(MSG.terms.versionAndDate(1, formatFullDate('2026-11-01T10:00:00.000Z'))),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('Terms')).toBeNull();
    expect(calls.map((c) => c.path)).toEqual([`${API.terms.last}?document=privacy`]);
  });

  it('says so when no privacy policy is published, and gives focus back to its link when closed', async () => {
    answerApi((call) => (call.path.startsWith(API.terms.last) ? jsonResponse(null) : undefined));
    renderWithProviders(<TermsLinks />);
    const link = screen.getByRole('button', { name: MSG.auth.privacyPolicy });
    await userEvent.click(link);
    const dialog = await screen.findByRole('dialog', { name: MSG.auth.privacyPolicy });
    expect(await within(dialog).findByText(MSG.terms.privacyNotPublished)).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(link).toHaveFocus());
  });

  it('says so when no terms are published, and closes', async () => {
    answerApi((call) => (call.path.startsWith(API.terms.last) ? jsonResponse(null) : undefined));
    renderWithProviders(<TermsLinks />);
    await userEvent.click(screen.getByRole('button', { name: MSG.auth.termsOfUse }));
    const dialog = await screen.findByRole('dialog', { name: MSG.auth.termsOfUse });
    expect(await within(dialog).findByText(MSG.extra.termsNotPublished)).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
