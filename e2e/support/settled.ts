// Waiting for the page to stop moving: a modal opening, a toast sliding in, the side menu folding away
// after the window narrowed. Colours and boxes read mid-move are neither the final ones.
import type { Page } from '@playwright/test';

/** Waits until no transition or animation is still moving (within the action timeout). */
export async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => {
      // A spinner turns for ever and a toast's progress bar runs for its 5 s: neither moves a box.
      const timing = a.effect?.getComputedTiming();
      return a.playState !== 'running' || timing?.iterations === Infinity || Number(timing?.duration) > 2_000;
    }),
  );
}
