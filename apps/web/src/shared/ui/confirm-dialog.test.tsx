import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.js';
import { ConfirmDialog } from './confirm-dialog.js';

function open(destructive: boolean) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  renderWithProviders(
    <ConfirmDialog
      opened
      message="Disable this entity?"
      destructive={destructive}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />,
  );
  return { onConfirm, onCancel };
}

describe('ConfirmDialog', () => {
  it('opens a destructive confirmation on Back, so Enter at once changes nothing', async () => {
    const { onConfirm, onCancel } = open(true);
    expect(await screen.findByRole('button', { name: 'Back' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('opens a harmless confirmation on Confirm', async () => {
    const { onConfirm } = open(false);
    expect(await screen.findByRole('button', { name: 'Confirm' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('confirms once on a double click, and stays busy until the confirmed work is done', async () => {
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithProviders(
      <ConfirmDialog opened message="Disable this entity?" onConfirm={onConfirm} onCancel={vi.fn()} />,
    );
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    await userEvent.dblClick(confirm);
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveAttribute('data-loading', 'true');
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    finish();
    await waitFor(() => expect(confirm).not.toHaveAttribute('data-loading'));
  });
});
