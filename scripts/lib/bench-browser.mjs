// The browser the web bench measures with: Debian's Chromium started by chrome-launcher with the
// flags the e2e journeys use, and the state a measured page finds in it (a signed-in session or none),
// set through the DevTools protocol the browser already speaks, so that no Puppeteer page is needed.
import { launch } from 'chrome-launcher';
import { CHROMIUM_ARGS } from '../../e2e/playwright.config.ts';

const REFRESH_COOKIE = 'bt_refresh';

/** Chromium, started once; Lighthouse connects to its port for each run. */
export async function launchChromium() {
  return launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: CHROMIUM_ARGS,
    logLevel: 'error',
  });
}

/**
 * Lighthouse 12.2's trace engine reads every compositor frame report's `chrome_frame_reporter`, which
 * this Chromium leaves out of some of them; the read throws and takes the LCP element, the layout
 * shifts and the render-blocking resources down with it. A report without one is one whose frame
 * matches no screenshot, which the engine already handles (the screenshot keeps its own time), so an
 * empty one is answered where the property is missing. The name occurs nowhere else.
 */
export function tolerateFrameReportsWithoutSequence() {
  Object.defineProperty(Object.prototype, 'chrome_frame_reporter', {
    get: () => ({}),
    configurable: true,
  });
}

/** A DevTools protocol connection to the whole browser: commands, optionally on an attached target's session. */
async function connectBrowser(port) {
  const version = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let lastId = 0;
  const pending = new Map();
  const listeners = new Set();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(event.data);
    if (message.id === undefined) {
      for (const listener of listeners) listener(message);
      return;
    }
    const call = pending.get(message.id);
    pending.delete(message.id);
    if (message.error) call.reject(new Error(`${call.method}: ${message.error.message}`));
    else call.resolve(message.result);
  });
  const send = (method, params = {}, sessionId = undefined) =>
    new Promise((resolve, reject) => {
      lastId += 1;
      pending.set(lastId, { resolve, reject, method });
      socket.send(JSON.stringify({ id: lastId, method, params, sessionId }));
    });
  const nextEvent = (method, sessionId) =>
    new Promise((resolve) => {
      const listener = (message) => {
        if (message.method !== method || message.sessionId !== sessionId) return;
        listeners.delete(listener);
        resolve(message.params);
      };
      listeners.add(listener);
    });
  return { send, nextEvent, close: () => socket.close() };
}

/**
 * Signs in over HTTP as the web app's form does ('Remember me' on) and answers the refresh cookie's
 * value. Each Lighthouse run needs its own: the token rotates on use, and a rotated token presented
 * again ends the session.
 */
export async function signIn(origin, loginPath, { email, password }) {
  const response = await fetch(`${origin}${loginPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, role: 'entity', rememberMe: true }),
  });
  if (!response.ok)
    throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith(`${REFRESH_COOKIE}=`));
  if (!cookie) throw new Error(`sign-in of ${email} set no ${REFRESH_COOKIE} cookie`);
  return {
    accessToken: (await response.json()).accessToken,
    refreshToken: cookie.slice(REFRESH_COOKIE.length + 1, cookie.indexOf(';')),
  };
}

/**
 * Leaves the browser as a page finds it when someone who signed in earlier comes back (the refresh
 * cookie, and the role and 'Remember me' the app reads on start), or, without a token, as a first
 * visitor finds it. Lighthouse clears the HTTP cache before each run but keeps cookies and local
 * storage, so both are set here.
 */
export async function prepareBrowser(port, origin, refreshToken) {
  const browser = await connectBrowser(port);
  try {
    await browser.send('Storage.clearCookies');
    if (refreshToken)
      await browser.send('Storage.setCookies', {
        cookies: [
          {
            name: REFRESH_COOKIE,
            value: refreshToken,
            url: `${origin}/api/auth`,
            path: '/api/auth',
            httpOnly: true,
            sameSite: 'Strict',
          },
        ],
      });
    // Local storage belongs to a document of the origin: an API address is one that loads none of the
    // web app's files, so the measured load still starts with nothing cached.
    const { targetId } = await browser.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: true });
    await browser.send('Page.enable', {}, sessionId);
    const loaded = browser.nextEvent('Page.loadEventFired', sessionId);
    await browser.send('Page.navigate', { url: `${origin}/api/ready` }, sessionId);
    await loaded;
    const items = refreshToken ? { role: 'entity', rememberMe: 'true' } : {};
    const { exceptionDetails } = await browser.send(
      'Runtime.evaluate',
      {
        expression: `localStorage.clear(); for (const [k, v] of Object.entries(${JSON.stringify(items)})) localStorage.setItem(k, v);`,
      },
      sessionId,
    );
    if (exceptionDetails) throw new Error(`local storage: ${exceptionDetails.text}`);
    // Lighthouse's tab opens once this one is gone, so that no other page's navigation is in its trace.
    const detached = browser.nextEvent('Target.detachedFromTarget', undefined);
    await browser.send('Target.closeTarget', { targetId });
    await Promise.race([detached, new Promise((resolve) => setTimeout(resolve, 2000))]);
  } finally {
    browser.close();
  }
}
