import { MSG } from '@bridge-talk/contract';
import { Button, TextInput } from '@mantine/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.js';
import { UnsavedChangesGuard } from './unsaved-changes.js';
import { holdSessionEnd } from './unsaved-changes-store.js';
import { useBlurValidatedForm } from './use-blur-validated-form.js';

function EditPage({ guard = true, cancelStays = false }: { guard?: boolean; cancelStays?: boolean }) {
  const form = useBlurValidatedForm<{ name: string }>({
    guardUnsaved: guard,
    defaultValues: { name: 'Open Arms' },
  });
  return (
    <>
      <UnsavedChangesGuard />
      <nav>
        <Link to="/elsewhere">Payments</Link>
      </nav>
      <form onSubmit={form.handleSubmit(() => undefined)}>
        <TextInput label="Name" {...form.register('name')} />
        <Button
          component={Link}
          to="/elsewhere"
          onClick={cancelStays ? (event: React.MouseEvent) => event.preventDefault() : undefined}
        >
          Cancel
        </Button>
      </form>
    </>
  );
}

function renderEditPage(guard = true, cancelStays = false) {
  return renderWithProviders(null, {
    routes: [
      { path: '/', element: <EditPage guard={guard} cancelStays={cancelStays} /> },
      { path: '/elsewhere', element: <h1>Elsewhere</h1> },
    ],
  });
}

describe('UnsavedChangesGuard', () => {
  it('asks before a menu link leaves a form with unsaved changes; Stay keeps them', async () => {
    const user = userEvent.setup();
    renderEditPage();
    await user.type(screen.getByLabelText('Name'), ' Agency');

    await user.click(screen.getByRole('link', { name: 'Payments' }));

    const dialog = await screen.findByRole('dialog', { name: MSG.extra.unsavedChangesTitle });
    expect(dialog).toHaveTextContent(MSG.extra.unsavedChangesText);
    await user.click(screen.getByRole('button', { name: MSG.extra.unsavedChangesStay }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Name')).toHaveValue('Open Arms Agency');
    expect(screen.queryByRole('heading', { name: 'Elsewhere' })).not.toBeInTheDocument();
  });

  it('leaves without saving when the person says so', async () => {
    const user = userEvent.setup();
    const { router } = renderEditPage();
    await user.type(screen.getByLabelText('Name'), ' Agency');

    await user.click(screen.getByRole('link', { name: 'Payments' }));
    await user.click(await screen.findByRole('button', { name: MSG.extra.unsavedChangesLeave }));

    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elsewhere');
  });

  it("does not ask for an unchanged form, or for the form's own Cancel", async () => {
    const user = userEvent.setup();
    renderEditPage();
    await user.click(screen.getByRole('link', { name: 'Payments' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();

    const again = renderEditPage();
    await user.type(screen.getByLabelText('Name'), ' Agency');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(again.router.state.location.pathname).toBe('/elsewhere');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("discards the changes as the form's own Cancel is clicked, while its page still shows", async () => {
    // The next page may take a moment to load: a menu link clicked meanwhile does not ask about
    // changes the person already chose to leave (here the Cancel's page stays on screen).
    const user = userEvent.setup();
    const { router } = renderEditPage(true, true);
    await user.type(screen.getByLabelText('Name'), ' Agency');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Open Arms Agency');

    await user.click(screen.getByRole('link', { name: 'Payments' }));

    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/elsewhere');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the page when the session ends meanwhile, and says how to save', async () => {
    const user = userEvent.setup();
    renderEditPage();
    expect(holdSessionEnd('entity', 'signed-out')).toBe(false);
    await user.type(screen.getByLabelText('Name'), ' Agency');

    let held = false;
    act(() => {
      held = holdSessionEnd('entity', 'signed-out');
    });

    expect(held).toBe(true);
    const dialog = await screen.findByRole('dialog', { name: MSG.extra.sessionEndedTitle });
    expect(dialog).toHaveTextContent(MSG.extra.signedOutElsewhere);
    expect(dialog).toHaveTextContent(MSG.extra.sessionEndedKeepChanges);
    expect(screen.getByRole('link', { name: MSG.extra.signInInNewTab })).toHaveAttribute(
      'href',
      '/login/entity?ended=signed-out',
    );
    expect(screen.getByRole('link', { name: MSG.extra.signInInNewTab })).toHaveAttribute('target', '_blank');
    await user.click(screen.getByRole('button', { name: MSG.extra.backToMyChanges }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Name')).toHaveValue('Open Arms Agency');
  });
});
