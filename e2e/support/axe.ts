// The accessibility scan the specs share: axe for WCAG 2.2 A/AA on the page as it stands, once nothing
// is moving, with no serious or critical violation (a soft assertion: the journey goes on and every
// page's findings are reported).
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';
import { settled } from './settled.js';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Counts the animations and transitions that start from now on (a toast raised while axe reads the page
 * fades in over half a second, and its text read mid-fade fails the contrast check).
 */
function watchMovement(page: Page) {
  return page.evaluate(() => {
    const w = window as { __axeMoved?: number };
    if (w.__axeMoved === undefined) {
      const moved = () => {
        w.__axeMoved = (w.__axeMoved ?? 0) + 1;
      };
      document.addEventListener('animationstart', moved, true);
      document.addEventListener('transitionrun', moved, true);
    }
    w.__axeMoved = 0;
  });
}

const movedSince = (page: Page) => page.evaluate(() => (window as { __axeMoved?: number }).__axeMoved ?? 0);

/** At most this many readings: a page that keeps moving is reported as the last reading saw it. */
const READINGS = 3;

async function scan(page: Page, label: string) {
  let violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations'] = [];
  for (let reading = 1; reading <= READINGS; reading += 1) {
    await settled(page);
    await watchMovement(page);
    ({ violations } = await new AxeBuilder({ page })
      .withTags(TAGS)
      .options({ resultTypes: ['violations'] })
      // axe.run in the page itself: the default opens a new blank page for every scan to merge the
      // frames' results, which costs more than the scan. Same-origin frames (the editor's) are still scanned.
      .setLegacyMode()
      .analyze());
    // Something started to move while axe read the page: its colours were read mid-way; read it again.
    if ((await movedSince(page)) === 0) break;
  }
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => `${n.target.join(' ')} [${n.any.map((check) => check.message).join('; ')}]`)
          .join(' | ')}`,
    );
  expect.soft(serious, `axe on ${label}`).toEqual([]);
}

export async function expectAccessible(page: Page, label: string) {
  // A toast that starts to leave while axe reads the page is half transparent, and its text fails the
  // contrast check (4.35:1 seen): toasts pause while the window has no focus, so the scan takes it away.
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  try {
    await scan(page, label);
  } finally {
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  }
}

/**
 * The tables as a phone lays them out (cards, their headers hidden from sight): each row still exposes
 * its cells and column headers to a screen reader (axe's ARIA structure rules, on the tables alone).
 */
export async function expectTablesStructured(page: Page, label: string) {
  if ((await page.locator('.bt-table-room').count()) === 0) return;
  const { violations } = await new AxeBuilder({ page })
    .include('.bt-table-room')
    .withRules(['aria-required-children', 'aria-required-parent'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  const found = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect.soft(found, `table structure on ${label}`).toEqual([]);
}
