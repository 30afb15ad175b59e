import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify, toastRaised } from './notify.js';
import { Toasts } from './toasts.js';

describe('Toasts', () => {
  it('mounts no container until the first toast, then shows it and those after it in order', async () => {
    const { container } = render(<Toasts />);
    expect(toastRaised()).toBe(false);
    expect(container.querySelector('.Toastify')).toBeNull();

    act(() => {
      notify.error('First: the card was declined.');
      notify.success('Second: the family was created.');
    });

    const first = await screen.findByText('First: the card was declined.');
    const second = await screen.findByText('Second: the family was created.');
    expect(container.querySelector('.Toastify')).not.toBeNull();
    // Oldest on top (react-toastify's default): the order they were raised in.
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    act(() => notify.info('Third: after the container is up.'));
    expect(await screen.findByText('Third: after the container is up.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
  });
});
