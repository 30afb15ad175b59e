import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.js';
import { lazyPage, preloadElement } from './lazy-page.js';

function FamilyScreen() {
  const [note, setNote] = useState('');
  return (
    <>
      <input aria-label="Note" value={note} onChange={(event) => setNote(event.target.value)} />
      <Link to="/families/7/edit">Edit</Link>
    </>
  );
}

describe('lazyPage', () => {
  it('loads the screen once, when first shown, and keeps it (and its state) across routes that show it', async () => {
    const load = vi.fn(() => Promise.resolve(FamilyScreen));
    const Page = lazyPage(load);
    expect(load).not.toHaveBeenCalled();
    const user = userEvent.setup();
    const { router } = renderWithProviders(null, {
      routes: [
        {
          element: (
            <Suspense fallback={<p>Loading</p>}>
              <Page />
            </Suspense>
          ),
          children: [{ path: '/families/:id/details' }, { path: '/families/:id/edit' }],
        },
      ],
      initialEntries: ['/families/7/details'],
    });

    await user.type(await screen.findByRole('textbox', { name: 'Note' }), 'kept');
    await user.click(screen.getByRole('link', { name: 'Edit' }));

    expect(router.state.location.pathname).toBe('/families/7/edit');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('kept');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts loading a preloaded screen at once, and shows it from that same load', async () => {
    const load = vi.fn(() => Promise.resolve(FamilyScreen));
    const Page = lazyPage(load);
    preloadElement(<Page />);
    preloadElement(<p>not a lazy page</p>);
    expect(load).toHaveBeenCalledTimes(1);
    renderWithProviders(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByRole('textbox', { name: 'Note' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves a preload that fails to the screen, which shows the failure when it renders', async () => {
    const load = vi.fn(() => Promise.reject(new Error('chunk missing')));
    const Page = lazyPage(load);
    // No unhandled rejection: the preload's failure is the render's to show.
    preloadElement(<Page />);
    await expect(Page.preload()).rejects.toThrow('chunk missing');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
