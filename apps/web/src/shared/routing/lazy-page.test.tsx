import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.js';
import { lazyPage } from './lazy-page.js';

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
});
