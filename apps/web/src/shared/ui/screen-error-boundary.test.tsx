import { MSG } from '@bridge-talk/contract';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme.js';
import { ScreenErrorBoundary } from './screen-error-boundary.js';

let broken = true;
function Screen() {
  if (broken) throw new Error('chunk failed to load');
  return <h1>Manage Families</h1>;
}

function renderAt(resetKey: string) {
  return (
    <MantineProvider theme={theme} env="test">
      <ScreenErrorBoundary resetKey={resetKey}>
        <Screen />
      </ScreenErrorBoundary>
    </MantineProvider>
  );
}

afterEach(() => {
  broken = true;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ScreenErrorBoundary', () => {
  it('says the page could not be shown and offers a reload, instead of a blank page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(renderAt('/manage-families'));

    expect(screen.getByRole('alert')).toHaveTextContent(MSG.extra.screenFailed);
    expect(screen.getByText(MSG.extra.screenFailedHint)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: MSG.extra.reload }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('tries the screen again when the address changes, and not before', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(renderAt('/manage-families'));
    broken = false;
    rerender(renderAt('/manage-families'));
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.extra.screenFailed);

    rerender(renderAt('/add-new-family'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Manage Families' })).toBeInTheDocument();
  });
});
