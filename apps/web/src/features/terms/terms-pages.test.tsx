import { API, apiPath, formatDateTime, formatFullDate, MSG, type Terms } from '@bridge-talk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, jsonResponse, renderWithProviders } from '../../test/render.js';
import type { RichTextEditorProps } from './components/rich-text-editor.js';
import { TermsEditorPage } from './terms-editor-page.js';
import { TermsPage } from './terms-page.js';
import { TermsVersionPage } from './terms-version-page.js';

// TinyMCE needs a real browser (the e2e spec drives it); here a textarea stands in for it.
vi.mock('./components/rich-text-editor.js', () => ({
  RichTextEditor: ({ value, onChange, label, onReady }: RichTextEditorProps) => {
    useEffect(() => onReady?.(), [onReady]);
    return <textarea aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} />;
  },
}));

const V2: Terms = {
  _id: 't2',
  document: 'terms',
  content: '<h2>Our terms</h2><p>Be kind.</p>',
  version: 2,
  updatedAt: '2026-03-07T15:05:09.000Z',
  author: 'Ada Lovelace',
};

const V1: Terms = {
  ...V2,
  _id: 't1',
  content: '<p>Our first terms</p>',
  version: 1,
  updatedAt: '2026-01-02T10:00:00.000Z',
  author: null,
};

const PRIVACY: Terms = {
  _id: 'p1',
  document: 'privacy',
  content: '<p>We keep your data safe.</p>',
  version: 1,
  updatedAt: '2026-02-03T10:00:00.000Z',
  author: 'Ada Lovelace',
};

const { content: _v2, ...V2_SUMMARY } = V2;
const { content: _v1, ...V1_SUMMARY } = V1;
const { content: _p1, ...PRIVACY_SUMMARY } = PRIVACY;

const latestPath = (document: 'terms' | 'privacy' = 'terms') => `${API.terms.last}?document=${document}`;
const versionsPath = (document: 'terms' | 'privacy' = 'terms') =>
  `${API.terms.versions}?document=${document}`;

/** The terms in force (V2, versions V2 and V1) and the privacy policy (PRIVACY), by path. */
function answerDocuments(call: { path: string }): Response | undefined {
  if (call.path === latestPath('terms')) return jsonResponse(V2);
  if (call.path === latestPath('privacy')) return jsonResponse(PRIVACY);
  if (call.path === versionsPath('terms')) return jsonResponse({ versions: [V2_SUMMARY, V1_SUMMARY] });
  if (call.path === versionsPath('privacy')) return jsonResponse({ versions: [PRIVACY_SUMMARY] });
  for (const version of [V2, V1, PRIVACY])
    if (call.path === apiPath(API.terms.byId, { id: version._id })) return jsonResponse(version);
  return undefined;
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(at: string) {
  return renderWithProviders(null, {
    routes: [
      {
        path: '/terms-conditions',
        element: (
          <>
            <TermsPage />
            <Where />
          </>
        ),
      },
      { path: '/terms-conditions/:id', element: <TermsEditorPage /> },
      {
        path: '/terms-conditions/versions/:id',
        element: (
          <>
            <TermsVersionPage />
            <Where />
          </>
        ),
      },
    ],
    initialEntries: [at],
    wrapper: (children) => (
      <>
        {children}
        <ToastContainer />
      </>
    ),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Before a first version the server answers the terms in force with null. */
const noTermsYet = (call: { path: string }) =>
  call.path.startsWith(API.terms.last) ? jsonResponse(null) : undefined;

describe('TermsPage', () => {
  it('shows the last update as a full date, the terms, the version read-only and Edit', async () => {
    answerApi(answerDocuments);
    renderAt('/terms-conditions');
    expect(await screen.findByRole('heading', { name: 'Our terms' })).toBeInTheDocument();
    expect(screen.getByText(MSG.terms.lastUpdate)).toBeInTheDocument();
    expect(screen.getByText(formatFullDate(V2.updatedAt))).toBeInTheDocument();
    expect(screen.getByText('Be kind.')).toBeInTheDocument();
    const version = screen.getByRole('textbox', { name: 'Version' });
    expect(version).toHaveValue('2');
    expect(version).toHaveAttribute('readonly');
    expect(screen.getByRole('link', { name: MSG.common.edit })).toHaveAttribute(
      'href',
      '/terms-conditions/t2',
    );
    expect(screen.queryByTestId('empty-terms-illustration')).not.toBeInTheDocument();
  });

  it('never lets stored html run script', async () => {
    const hostile = {
      ...V2,
      content: '<p>Hi<img src="x" onerror="window.__pwned=1"></p><script>window.__pwned=2</script>',
    };
    answerApi((call) => (call.path === latestPath() ? jsonResponse(hostile) : answerDocuments(call)));
    renderAt('/terms-conditions');
    const content = await screen.findByTestId('terms-content');
    expect(content.innerHTML).toBe('<p>Hi</p>');
  });

  it('shows the formatting as the stylesheet’s classes, never as a style attribute (the page’s policy refuses those)', async () => {
    const formatted = {
      ...V2,
      content:
        '<p class="tx-align-center evil"><span class="tx-bg-light-yellow tx-fg-red">Kind</span></p>' +
        '<p style="position:fixed;inset:0" class="tx-indent-2">Indented</p>',
    };
    answerApi((call) => (call.path === latestPath() ? jsonResponse(formatted) : answerDocuments(call)));
    renderAt('/terms-conditions');
    const content = await screen.findByTestId('terms-content');
    expect(content.innerHTML).toBe(
      '<p class="tx-align-center"><span class="tx-bg-light-yellow tx-fg-red">Kind</span></p>' +
        '<p class="tx-indent-2">Indented</p>',
    );
    expect(content).toHaveClass('terms-html');
  });

  it('shows the empty-state illustration before any terms exist, and offers to write the first terms (not Edit)', async () => {
    answerApi(noTermsYet);
    renderAt('/terms-conditions');
    const message = await screen.findByText(MSG.extra.termsNotPublished);
    const illustration = screen.getByTestId('empty-terms-illustration');
    expect(illustration.tagName.toLowerCase()).toBe('svg');
    // Beside the message, and decorative: the message says it all, so assistive technology skips it.
    expect(illustration.parentElement).toBe(message.parentElement);
    expect(illustration).toHaveAttribute('aria-hidden', 'true');
    expect(illustration).toHaveAttribute('focusable', 'false');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: MSG.extra.writeFirstTerms })).toHaveAttribute(
      'href',
      '/terms-conditions/new',
    );
    expect(screen.queryByRole('link', { name: MSG.common.edit })).not.toBeInTheDocument();
  });

  it('offers to try again when the terms cannot be loaded', async () => {
    answerApi(() => jsonResponse({ message: 'boom' }, 500));
    renderAt('/terms-conditions');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: MSG.common.edit })).not.toBeInTheDocument();
  });
});

describe('TermsPage: versions and the privacy policy', () => {
  it('lists every version with its date and author, the one in force marked, each opening read-only', async () => {
    answerApi(answerDocuments);
    renderAt('/terms-conditions');
    const table = await screen.findByRole('table', { name: MSG.terms.versionsCaption(MSG.auth.termsOfUse) });
    // The header row, then the newest version first.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(`2${MSG.terms.inForce}`);
    expect(rows[1]).toHaveTextContent(formatDateTime(V2.updatedAt));
    expect(rows[1]).toHaveTextContent('Ada Lovelace');
    expect(rows[2]).toHaveTextContent(formatDateTime(V1.updatedAt));
    expect(rows[2]).toHaveTextContent(MSG.terms.authorRemoved);
    expect(rows[2]).not.toHaveTextContent(MSG.terms.inForce);
    expect(within(table).getByRole('link', { name: MSG.terms.viewVersion(1) })).toHaveAttribute(
      'href',
      '/terms-conditions/versions/t1',
    );
  });

  it('shows the privacy policy in its own tab, kept in the address, with its own Edit and versions', async () => {
    answerApi(answerDocuments);
    const user = userEvent.setup();
    renderAt('/terms-conditions');
    await screen.findByRole('heading', { name: 'Our terms' });
    await user.click(screen.getByRole('tab', { name: MSG.auth.privacyPolicy }));
    expect(await screen.findByText('We keep your data safe.')).toBeInTheDocument();
    expect(screen.queryByText('Be kind.')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/terms-conditions?document=privacy');
    expect(screen.getByRole('link', { name: MSG.common.edit })).toHaveAttribute(
      'href',
      '/terms-conditions/p1?document=privacy',
    );
    expect(
      await screen.findByRole('table', { name: MSG.terms.versionsCaption(MSG.auth.privacyPolicy) }),
    ).toBeInTheDocument();
  });

  it('opens on the privacy policy from its address, and offers to write the first one when none exists', async () => {
    answerApi((call) => (call.path === latestPath('privacy') ? jsonResponse(null) : answerDocuments(call)));
    renderAt('/terms-conditions?document=privacy');
    expect(await screen.findByText(MSG.terms.privacyNotPublished)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: MSG.auth.privacyPolicy })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('link', { name: MSG.terms.writeFirstPrivacy })).toHaveAttribute(
      'href',
      '/terms-conditions/new?document=privacy',
    );
    expect(screen.queryByRole('link', { name: MSG.common.edit })).not.toBeInTheDocument();
  });
});

describe('TermsVersionPage', () => {
  it('shows an earlier version read-only: number, date, author, text, and the way to start from it', async () => {
    answerApi(answerDocuments);
    renderAt('/terms-conditions/versions/t1');
    expect(
      await screen.findByRole('heading', { level: 1, name: MSG.terms.versionTitle(1) }),
    ).toBeInTheDocument();
    expect(await screen.findByText(MSG.terms.readOnlyNote)).toBeInTheDocument();
    expect(screen.getByText('Our first terms')).toBeInTheDocument();
    expect(screen.getByText(formatDateTime(V1.updatedAt))).toBeInTheDocument();
    expect(screen.getByText(MSG.terms.authorRemoved)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: MSG.terms.editFromVersion })).toHaveAttribute(
      'href',
      '/terms-conditions/t1',
    );
  });

  it('shows the version in force without the note, with Edit', async () => {
    answerApi(answerDocuments);
    renderAt('/terms-conditions/versions/p1');
    expect(await screen.findByText('We keep your data safe.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: MSG.common.edit })).toHaveAttribute(
      'href',
      '/terms-conditions/p1?document=privacy',
    );
    expect(screen.queryByText(MSG.terms.readOnlyNote)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: MSG.auth.privacyPolicy })).toHaveAttribute(
      'href',
      '/terms-conditions?document=privacy',
    );
  });

  it('says when the version does not exist', async () => {
    answerApi(answerDocuments);
    renderAt('/terms-conditions/versions/unknown');
    expect(await screen.findByText(MSG.extra.notFound)).toBeInTheDocument();
  });
});

describe('TermsEditorPage', () => {
  it("creates the first version: 'New Term', version 1, saved as 'Term 1', back to the terms", async () => {
    const calls = answerApi((call) =>
      call.method === 'POST'
        ? jsonResponse({ ...V2, _id: 't1', version: 1, unchanged: false }, 201)
        : noTermsYet(call),
    );
    const user = userEvent.setup();
    renderAt('/terms-conditions/new');
    const editor = await screen.findByRole('textbox', { name: MSG.nav.termsAndConditions });
    expect(screen.getByText(MSG.terms.newTerm)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Version' })).toHaveValue('1');
    await user.type(editor, '<p>First</p>');
    await user.click(screen.getByRole('button', { name: MSG.common.save }));
    expect(await screen.findByText(MSG.extra.termsSaved)).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/terms-conditions');
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: API.terms.create,
      body: { document: 'terms', title: MSG.terms.defaultTitle, content: '<p>First</p>' },
    });
  });

  it('starts from the text of the version being edited and saves the next version', async () => {
    const calls = answerApi((call) =>
      call.method === 'POST'
        ? jsonResponse({ ...V2, _id: 't3', version: 3, unchanged: false }, 201)
        : answerDocuments(call),
    );
    const user = userEvent.setup();
    renderAt('/terms-conditions/t2');
    const editor = await screen.findByRole('textbox', { name: MSG.nav.termsAndConditions });
    expect(editor).toHaveValue(V2.content);
    expect(screen.getByRole('textbox', { name: 'Version' })).toHaveValue('3');
    await user.type(editor, '<p>More</p>');
    await user.click(screen.getByRole('button', { name: MSG.common.save }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      document: 'terms',
      title: 'Term 1',
      content: `${V2.content}<p>More</p>`,
    });
  });

  it('gives the editor the saved classes as the inline styles it works with', async () => {
    const formatted = {
      ...V2,
      content: '<p class="tx-align-center"><span class="tx-bg-light-yellow tx-underline">Kind</span></p>',
    };
    answerApi((call) =>
      call.path === latestPath() || call.path === apiPath(API.terms.byId, { id: 't2' })
        ? jsonResponse(formatted)
        : undefined,
    );
    renderAt('/terms-conditions/t2');
    const editor = await screen.findByRole('textbox', { name: MSG.nav.termsAndConditions });
    expect(editor).toHaveValue(
      '<p style="text-align: center;"><span style="background-color: rgb(251, 238, 184); text-decoration: underline;">Kind</span></p>',
    );
  });

  it('stays on the editor and says so when saving fails', async () => {
    answerApi((call) => (call.method === 'POST' ? jsonResponse({ message: 'boom' }, 500) : noTermsYet(call)));
    const user = userEvent.setup();
    renderAt('/terms-conditions/new');
    await user.type(await screen.findByRole('textbox', { name: MSG.nav.termsAndConditions }), '<p>x</p>');
    await user.click(screen.getByRole('button', { name: MSG.common.save }));
    expect(await screen.findByText(MSG.common.somethingWrong)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: MSG.nav.termsAndConditions })).toBeInTheDocument();
  });

  it('refuses to save an empty editor — no text, or only empty paragraphs and spaces — and sends nothing', async () => {
    const calls = answerApi(noTermsYet);
    const user = userEvent.setup();
    renderAt('/terms-conditions/new');
    const editor = await screen.findByRole('textbox', { name: MSG.nav.termsAndConditions });
    await user.click(screen.getByRole('button', { name: MSG.common.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.extra.termsEmpty);

    await user.type(editor, '<p>&nbsp;</p><p><br></p>');
    // Typing clears the message until the next Save.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MSG.common.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.extra.termsEmpty);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(screen.queryByText(MSG.extra.termsSaved)).not.toBeInTheDocument();
  });

  it("shows the server's refusal of the text on the editor", async () => {
    answerApi((call) =>
      call.method === 'POST'
        ? jsonResponse({ message: MSG.extra.termsEmpty, fields: { content: MSG.extra.termsEmpty } }, 400)
        : noTermsYet(call),
    );
    const user = userEvent.setup();
    renderAt('/terms-conditions/new');
    await user.type(
      await screen.findByRole('textbox', { name: MSG.nav.termsAndConditions }),
      '<script>alert(1)</script>',
    );
    await user.click(screen.getByRole('button', { name: MSG.common.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.extra.termsEmpty);
    expect(screen.getByRole('textbox', { name: MSG.nav.termsAndConditions })).toBeInTheDocument();
  });

  it('says when the version does not exist', async () => {
    answerApi(answerDocuments);
    renderAt('/terms-conditions/unknown');
    expect(await screen.findByText(MSG.extra.notFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MSG.common.save })).not.toBeInTheDocument();
  });

  it('says that nothing changed when the server saved no version, and goes back to the terms', async () => {
    answerApi((call) =>
      call.method === 'POST' ? jsonResponse({ ...V2, unchanged: true }, 200) : answerDocuments(call),
    );
    const user = userEvent.setup();
    renderAt('/terms-conditions/t2');
    await screen.findByRole('textbox', { name: MSG.nav.termsAndConditions });
    await user.click(screen.getByRole('button', { name: MSG.common.save }));
    expect(await screen.findByText(MSG.terms.unchanged(2))).toBeInTheDocument();
    expect(screen.queryByText(MSG.extra.termsSaved)).not.toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/terms-conditions');
  });

  it('writes the privacy policy from its address: its own next version, title and message, back to its tab', async () => {
    const calls = answerApi((call) =>
      call.method === 'POST'
        ? jsonResponse({ ...PRIVACY, _id: 'p2', version: 2, unchanged: false }, 201)
        : answerDocuments(call),
    );
    const user = userEvent.setup();
    renderAt('/terms-conditions/new?document=privacy');
    const editor = await screen.findByRole('textbox', { name: MSG.auth.privacyPolicy });
    expect(screen.getByRole('textbox', { name: 'Version' })).toHaveValue('2');
    await user.type(editor, '<p>Private</p>');
    await user.click(screen.getByRole('button', { name: MSG.common.save }));
    expect(await screen.findByText(MSG.terms.privacySaved)).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent('/terms-conditions?document=privacy');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      document: 'privacy',
      title: MSG.auth.privacyPolicy,
      content: '<p>Private</p>',
    });
  });
});
