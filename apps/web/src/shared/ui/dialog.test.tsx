import { Button, Menu } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { Dialog } from './dialog.js';

function Confirmation() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button>Before</Button>
      <Button onClick={() => setOpened(true)}>Remove</Button>
      <ConfirmDialog
        opened={opened}
        message="Remove this admin?"
        destructive
        onConfirm={() => setOpened(false)}
        onCancel={() => setOpened(false)}
      />
    </>
  );
}

describe('Dialog: focus goes back to what opened it', () => {
  it('after Back, Confirm and Escape', async () => {
    renderWithProviders(<Confirmation />);
    const opener = screen.getByRole('button', { name: 'Remove' });
    for (const close of [
      () => userEvent.click(screen.getByRole('button', { name: 'Back' })),
      () => userEvent.click(screen.getByRole('button', { name: 'Confirm' })),
      () => userEvent.keyboard('{Escape}'),
    ]) {
      await userEvent.click(opener);
      await waitFor(() => expect(screen.getByRole('button', { name: 'Back' })).toHaveFocus());
      await close();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(opener).toHaveFocus());
    }
  });

  it('opened by a menu item (gone with its menu): to the menu’s button', async () => {
    function FromMenu() {
      const [opened, setOpened] = useState(false);
      return (
        <>
          <Menu>
            <Menu.Target>
              <Button>Actions</Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setOpened(true)}>Rename</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Dialog opened={opened} onClose={() => setOpened(false)} title="Rename">
            <Button onClick={() => setOpened(false)} data-autofocus>
              Done
            </Button>
          </Dialog>
        </>
      );
    }
    renderWithProviders(<FromMenu />);
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions' })).toHaveFocus());
  });

  it('one dialog giving way to another: to the first one’s opener when the second closes', async () => {
    function TwoSteps() {
      const [step, setStep] = useState<'none' | 'ask' | 'done'>('none');
      return (
        <>
          <Button onClick={() => setStep('ask')}>Export</Button>
          <Dialog opened={step === 'ask'} onClose={() => setStep('none')} title="Export">
            <Button onClick={() => setStep('done')} data-autofocus>
              Send
            </Button>
          </Dialog>
          <Dialog opened={step === 'done'} onClose={() => setStep('none')} title="Sent">
            <Button onClick={() => setStep('none')} data-autofocus>
              Close
            </Button>
          </Dialog>
        </>
      );
    }
    renderWithProviders(<TwoSteps />);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toHaveFocus());
  });

  it('a dialog removed while open', async () => {
    function Removed() {
      const [shown, setShown] = useState(false);
      return (
        <>
          <Button onClick={() => setShown(true)}>Open</Button>
          {shown && (
            <Dialog opened onClose={() => setShown(false)} title="Gone">
              <Button onClick={() => setShown(false)} data-autofocus>
                Remove me
              </Button>
            </Dialog>
          )}
        </>
      );
    }
    renderWithProviders(<Removed />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove me' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus());
  });
});
