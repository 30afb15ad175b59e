// Every page of every browser context a test opens is watched for console errors and uncaught
// exceptions; the test object (fixtures.ts) fails a test that leaves one it did not declare.
import type { Browser, BrowserContext, ConsoleMessage } from '@playwright/test';

/** Chromium's line for a request answered with an error status. */
const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of (\d{3})/;

/** The errors seen since the last test took them. */
const seen: string[] = [];

/**
 * One kind of error line is the journey's own doing: a form the user submitted that the server refused
 * (a wrong password, a duplicate e-mail) — a request with a body, answered 4xx, which Chromium reports
 * whatever the page does with the answer. A request the page makes by itself must never fail.
 */
async function watchContext(context: BrowserContext) {
  // A violation of the page's Content Security Policy is an error too, even one the page's own code
  // catches (which Chromium does not write to the console).
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  const submitted = new Set<string>();
  context.on('request', (request) => {
    if (request.postData() !== null) submitted.add(request.url());
  });
  context.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const url = message.location().url;
    const status = FAILED_RESOURCE.exec(message.text())?.[1];
    if (status?.startsWith('4') && submitted.has(url)) return;
    seen.push(`${message.text()} (${url})`);
  });
  context.on('weberror', (error) => seen.push(`uncaught: ${error.error().message}`));
}

/**
 * Makes every context this browser creates watched: the test's own, those a spec opens with
 * `browser.newContext()` or `browser.newPage()` (which goes through it), in a test or a `beforeAll`.
 */
export function watchBrowser(browser: Browser): () => void {
  const newContext = browser.newContext;
  browser.newContext = async function (this: Browser, ...args: Parameters<Browser['newContext']>) {
    const context = await newContext.apply(this, args);
    await watchContext(context);
    return context;
  };
  return () => {
    browser.newContext = newContext;
  };
}

export interface ConsoleErrors {
  /**
   * Declares an error the test provokes on purpose (a download it blocks, an answer it spoils): each
   * declared pattern must match at least one error, so a declaration that no longer happens fails too.
   */
  expect(pattern: RegExp): void;
}

/** Takes the errors seen so far and splits them into the declared ones and the rest. */
export function takeErrors(declared: RegExp[]): { unexpected: string[]; unmatched: RegExp[] } {
  const errors = seen.splice(0);
  const unexpected = errors.filter((error) => !declared.some((pattern) => pattern.test(error)));
  const unmatched = declared.filter((pattern) => !errors.some((error) => pattern.test(error)));
  return { unexpected, unmatched };
}
