// The frame of every page: toasts over none of its controls at a phone's, a tablet's and a desktop's
// width.
import { MSG } from '@bridge-talk/contract';
import type { Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures.js';
import { signInAdmin } from '../support/sign-in.js';

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no box: ${locator}`);
  return box;
}

type Box = Awaited<ReturnType<typeof boxOf>>;

function intersect(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const width of [390, 768, 1366]) {
  test(`at ${width} px a toast covers neither the user menu, the menu button nor the brand`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInAdmin(page);
    const toast = page.getByRole('alert').filter({ hasText: MSG.auth.loginSuccess });
    await expect(toast).toBeVisible();
    // Its entrance animation over, the toast is where it stays.
    const card = page.locator('.Toastify__toast', { hasText: MSG.auth.loginSuccess });
    await card.evaluate((element) => Promise.all(element.getAnimations().map((a) => a.finished)));
    const box = await boxOf(card);
    const userMenu = await boxOf(page.getByRole('button', { name: 'User menu' }));
    expect(intersect(box, userMenu), 'toast over the user menu').toBe(false);
    const burger = page.getByRole('button', { name: MSG.frame.menu, exact: true });
    if (await burger.isVisible())
      expect(intersect(box, await boxOf(burger)), 'toast over the menu button').toBe(false);
    if (width >= 768) {
      const brand = page.getByRole('banner').getByRole('link', { name: MSG.frame.productName });
      expect(intersect(box, await boxOf(brand)), 'toast over the brand link').toBe(false);
    }
    // In the header's band: over nothing of the page under it.
    expect(box.y + box.height).toBeLessThanOrEqual(76);
    expect(box.width).toBeGreaterThanOrEqual(200);
  });
}
