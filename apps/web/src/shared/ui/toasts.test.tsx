// Needs a fresh module graph: the container mounts once per loaded module, and its first mount is
// what these tests watch.
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
      notify.error('First: the card was declined.', { action: 'card' });
      notify.success('Second: the family was created.', { action: 'family' });
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

  it('a success clears the error of the same action (by default the same screen); another action’s error stays', async () => {
    render(<Toasts />);
    act(() => {
      notify.error('Saving failed.');
      notify.error('The export failed.', { action: 'export' });
    });
    expect(await screen.findByText('Saving failed.')).toBeInTheDocument();
    expect(await screen.findByText('The export failed.')).toBeInTheDocument();
    act(() => notify.success('Saved.'));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    // Dismissed: it leaves with react-toastify's exit animation (which jsdom never ends).
    const leaving = (text: string) => screen.queryByText(text)?.closest('.Toastify__toast')?.className ?? '';
    await waitFor(() => expect(leaving('Saving failed.')).toMatch(/-exit/));
    expect(leaving('The export failed.')).not.toMatch(/-exit/);
    expect(leaving('Saved.')).not.toMatch(/-exit/);
  });

  it('does not stack a toast raised again while the same one shows', async () => {
    render(<Toasts />);
    act(() => {
      notify.error('Error, Something went wrong.');
      notify.error('Error, Something went wrong.');
    });
    expect(await screen.findByText('Error, Something went wrong.')).toBeInTheDocument();
    act(() => notify.error('Error, Something went wrong.'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('Error, Something went wrong.')).toHaveLength(1);
  });
});
