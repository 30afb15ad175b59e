import { API, apiPath, formatFullDate, MSG, type Terms } from '@bridge-talk/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, jsonResponse, renderWithProviders } from '../../test/render.js';
import type { RichTextEditorProps } from './components/rich-text-editor.js';
import { TermsEditorPage } from './terms-editor-page.js';
import { TermsPage } from './terms-page.js';

// TinyMCE needs a real browser (the e2e spec drives it); here a textarea stands in for it.
vi.mock('./components/rich-text-editor.js', () => ({
  RichTextEditor: ({ value, onChange, label, onReady }: RichTextEditorProps) => {
    useEffect(() => onReady?.(), [onReady]);
    return <textarea aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} />;
  },
}));

const V2: Terms = {
  _id: 't2',
  content: '<h2>Our terms</h2><p>Be kind.</p>',
  version: 2,
  updatedAt: '2026-03-07T15:05:09.000Z',
};

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
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
const noTermsYet = (call: { path: string }) => (call.path === API.term.last ? jsonResponse(null) : undefined);

describe('TermsPage', () => {
  it('shows the last update as a full date, the terms, the version read-only and Edit', async () => {
    answerApi((call) => (call.path === API.term.last ? jsonResponse(V2) : undefined));
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
    answerApi(() => jsonResponse(hostile));
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
    answerApi(() => jsonResponse(formatted));
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

describe('TermsEditorPage', () => {
  it("creates the first version: 'New Term', version 1, saved as 'Term 1', back to the terms", async () => {
    const calls = answerApi((call) =>
      call.method === 'POST' ? jsonResponse({ ...V2, _id: 't1', version: 1 }, 201) : noTermsYet(call),
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
      path: API.term.create,
      body: { title: MSG.terms.defaultTitle, content: '<p>First</p>' },
    });
  });

  it('starts from the text of the version being edited and saves the next version', async () => {
    const calls = answerApi((call) => {
      if (call.path === API.term.last || call.path === apiPath(API.term.byId, { id: 't2' }))
        return jsonResponse(V2);
      if (call.method === 'POST') return jsonResponse({ ...V2, _id: 't3', version: 3 }, 201);
      return undefined;
    });
    const user = userEvent.setup();
    renderAt('/terms-conditions/t2');
    const editor = await screen.findByRole('textbox', { name: MSG.nav.termsAndConditions });
    expect(editor).toHaveValue(V2.content);
    expect(screen.getByRole('textbox', { name: 'Version' })).toHaveValue('3');
    await user.type(editor, '<p>More</p>');
    await user.click(screen.getByRole('button', { name: MSG.common.save }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
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
      call.path === API.term.last || call.path === apiPath(API.term.byId, { id: 't2' })
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
    answerApi((call) => (call.path === API.term.last ? jsonResponse(V2) : undefined));
    renderAt('/terms-conditions/unknown');
    expect(await screen.findByText(MSG.extra.notFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MSG.common.save })).not.toBeInTheDocument();
  });
});
