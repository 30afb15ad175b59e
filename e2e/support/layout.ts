// Every screen usable on a phone, a tablet and a desktop: at each width the page does not scroll
// sideways, and no link, button or field of the page, its header or an open dialog is out of sight
// (past the window's edge, or cut off by a box that scrolls sideways, as a wide table's last column
// would be). At a phone's width the tables, laid out as cards, still expose their rows, cells and
// column headers to a screen reader. A width where something is wrong is kept as a screenshot with the
// run's artifacts.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { expectTablesStructured } from './axe.js';
import { settled } from './settled.js';

const WIDTHS = [390, 768, 1366] as const;

const SHOTS = fileURLToPath(new URL('../.artifacts/responsive', import.meta.url));

/** What is wrong with the page's layout at the window's present width, in words. */
function layoutProblems(): string[] {
  const problems: string[] = [];
  const root = document.documentElement;
  const width = root.clientWidth;
  if (root.scrollWidth > width + 1)
    problems.push(`the page scrolls sideways by ${root.scrollWidth - width}px`);
  const controls = document.querySelectorAll<HTMLElement>(
    [
      'main a[href]',
      'main button',
      'main input:not([type="hidden"])',
      'main textarea',
      'main [role="button"]',
      'header a[href]',
      'header button',
      '[role="dialog"] a[href]',
      '[role="dialog"] button',
      '[role="dialog"] input:not([type="hidden"])',
    ].join(', '),
  );
  const name = (el: HTMLElement) =>
    `${el.tagName.toLowerCase()} '${(el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name') ?? '').trim().slice(0, 40)}'`;
  for (const el of controls) {
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    if (el.closest('.visually-hidden, [aria-hidden="true"]')) continue;
    const box = el.getBoundingClientRect();
    // Inputs drawn by a styled control (a switch, a radio) are a zero or one pixel box on purpose.
    if (box.width <= 1 || box.height <= 1) continue;
    if (box.left < -1 || box.right > width + 1) {
      problems.push(
        `${name(el)} is past the window's edge (${Math.round(box.left)}–${Math.round(box.right)} of ${width})`,
      );
      continue;
    }
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      const overflow = getComputedStyle(up).overflowX;
      if (overflow === 'visible') continue;
      const room = up.getBoundingClientRect();
      if (box.left < room.left - 1 || box.right > room.right + 1) {
        problems.push(`${name(el)} is cut off by a box that scrolls sideways`);
        break;
      }
    }
  }
  return problems;
}

/**
 * Checks the page at each width in turn (then gives the window its width back), keeping a screenshot
 * of a width with a problem as `<label>-<width>.png` under e2e/.artifacts/responsive.
 */
export async function expectUsableAtEveryWidth(page: Page, label: string) {
  const before = page.viewportSize();
  mkdirSync(SHOTS, { recursive: true });
  // A long label is cut: its hash keeps two states of one page (a dialog open) apart.
  const slug = label
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  const file = `${slug}-${createHash('sha256').update(label).digest('hex').slice(0, 8)}`;
  try {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 850 });
      // Two frames: the resize is laid out and any container query has applied; then what the resize
      // set moving (the side menu folding away below the tablet width) has come to rest.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      await settled(page);
      const problems = await page.evaluate(layoutProblems);
      // Kept only when something is wrong: a picture of every page at every width costs more than the
      // checks themselves.
      if (problems.length > 0) await page.screenshot({ path: path.join(SHOTS, `${file}-${width}.png`) });
      expect.soft(problems, `${label} at ${width}px`).toEqual([]);
      if (width === WIDTHS[0]) await expectTablesStructured(page, `${label} at ${width}px`);
    }
  } finally {
    if (before) await page.setViewportSize(before);
  }
}
