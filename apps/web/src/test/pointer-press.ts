// A click taken apart, as a person makes it: the press (where a focused field is left), then the
// release. Between the two a test can look at the screen the pointer is over.
import { act } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Presses the primary button on `target` and keeps it down, then lets every update that the press
 * started land (a task is enough: the checks of a left field run on promises and React's scheduler).
 */
export async function pressOn(user: UserEvent, target: Element): Promise<void> {
  await user.pointer({ keys: '[MouseLeft>]', target });
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

/** Releases the button pressed by `pressOn` over the same target: the click. */
export async function releaseOn(user: UserEvent, target: Element): Promise<void> {
  await user.pointer({ keys: '[/MouseLeft]', target });
}
