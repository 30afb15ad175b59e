// The test object every spec uses: baseURL from the global setup, no console error left undeclared, and
// helpers to read captured mail.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { type ConsoleErrors, takeErrors, watchBrowser } from './console-errors.js';
import { sharedServer } from './shared-servers.js';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; base64: string }[];
  receivedAt: string;
}

export function readMails(): CapturedMail[] {
  const dir = sharedServer().mailDir;
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CapturedMail);
}

/**
 * Waits for a mail to `to` whose subject matches, by polling the capture directory. Every spec's mail
 * lands in the one directory: where the address is not the spec's own (a demo server's people, whom
 * each demo server has again), `after` (a `Date.now()` taken before the mail was asked for) skips the
 * mail an earlier server sent them.
 */
export async function waitForMail(
  to: string,
  subject: RegExp,
  { after = 0 }: { after?: number } = {},
): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      () => {
        found = readMails().find(
          (m) =>
            m.to.includes(to.toLowerCase()) && subject.test(m.subject) && Date.parse(m.receivedAt) >= after,
        );
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

export const test = base.extend<{ consoleErrors: ConsoleErrors }, { watchedBrowser: undefined }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(sharedServer().baseUrl);
  },
  watchedBrowser: [
    async ({ browser }, use) => {
      const unwatch = watchBrowser(browser);
      await use(undefined);
      unwatch();
    },
    { scope: 'worker', auto: true },
  ],
  // Set up before the test's context and torn down after it is closed: every error of the test is in.
  consoleErrors: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const declared: RegExp[] = [];
      await use({ expect: (pattern) => declared.push(pattern) });
      const { unexpected, unmatched } = takeErrors(declared);
      expect(unexpected, 'console errors and uncaught exceptions of the pages').toEqual([]);
      expect(unmatched, 'declared console errors that did not happen').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
