// `npm run bench:web -- [--runs 3] [--pages login,families,family,conversation] [--preset mobile,desktop]
//   [--families 20000] [--messages 100000] [--out DIR]
//   [--url http://… --email … --password … [--family ID --channel ID]]`
// The web app as a browser meets it: Lighthouse (its node API, on Debian's Chromium with the e2e
// journeys' flags, simulated throttling) on the sign-in page, the families list, a family's page and
// its conversation of 10 000 messages, with Lighthouse's mobile and desktop presets; each page and
// preset --runs times, and the median of each metric printed beside the JavaScript and CSS the page
// downloaded (raw, and gzipped here at level 9 as the e2e budgets count them, whatever the server
// sent). Written as JSON to <out>/<date>-web.json (bench/.results by default, which git ignores), with
// the Lighthouse report of each page and preset's median run and what blocked its main thread.
// Without --url: builds the portal if its sources changed, seeds (or reuses) the PGlite data directory
// of the scale seed in bench/.data that `npm run bench` shares, and starts the built server on it.
// The signed-in pages are measured as a returning caseworker opens them: a fresh sign-in over HTTP
// before each run, its refresh cookie and the role the app reads on start put in the browser, so the
// app restores the session as it does on any page load.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import {
  launchChromium,
  prepareBrowser,
  signIn,
  tolerateFrameReportsWithoutSequence,
} from './lib/bench-browser.mjs';
import { pgliteDataDir, seedScale } from './lib/bench-seed.mjs';
import { startServer, stopServer } from './lib/bench-server.mjs';
import { buildPortalIfStale, root } from './lib/build-state.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: 'login,families,family,conversation' },
    preset: { type: 'string', default: 'mobile,desktop' },
    families: { type: 'string', default: '20000' },
    /** At least 10 000: the scale seed's bench channel takes that many of them. */
    messages: { type: 'string', default: '100000' },
    out: { type: 'string', default: process.env.BENCH_OUT || path.join(root, 'bench/.results') },
    /** A running portal to measure instead of the built one on seeded data; with an entity's sign-in. */
    url: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    /** With --url: the family and channel to open (by default the newest family and its first channel). */
    family: { type: 'string' },
    channel: { type: 'string' },
  },
});

const PAGES = ['login', 'families', 'family', 'conversation'];
const PRESETS = { mobile: undefined, desktop: desktopConfig };
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
};

const fail = (message) => {
  console.error(message);
  process.exit(2);
};
const listOf = (value, allowed, flag) => {
  const names = value.split(',').map((name) => name.trim());
  for (const name of names)
    if (!allowed.includes(name)) fail(`--${flag} is a list of: ${allowed.join(', ')}`);
  return names;
};
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 9) fail('--runs is a whole number from 1 to 9');
const pages = listOf(args.pages, PAGES, 'pages');
const presets = listOf(args.preset, Object.keys(PRESETS), 'preset');
const families = Number(args.families);
const messages = Number(args.messages);
if (args.url && !(args.email && args.password)) fail('--url needs the --email and --password of an entity');

const median = (values) => {
  const sorted = values.filter((value) => value !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
/** A route's path with its `:name` segments filled in. */
const fill = (routePath, params) => routePath.replace(/:(\w+)/g, (_, name) => params[name]);

/** The data to measure on, the server that serves it and the account that signs in. */
async function portal() {
  if (args.url) return { origin: args.url.replace(/\/$/, ''), account: args, stop: async () => {} };
  buildPortalIfStale(console.info);
  const dataDir = pgliteDataDir(families, messages);
  console.info(`PGlite: ${path.relative(root, dataDir)}`);
  const seeded = seedScale({ DATA_DIR: dataDir, DATABASE_URL: '' }, `${dataDir}.seed.json`, {
    families,
    messages,
  });
  const server = await startServer(path.join(root, 'apps/server/dist'), { DATA_DIR: dataDir });
  const account = seeded.logins.find((login) => login.role === 'entity');
  return {
    origin: server.url,
    account,
    family: seeded.bench.groupId,
    channel: seeded.bench.channelId,
    seed: { families, messages, channelMessages: seeded.bench.channelMessages },
    stop: () => stopServer(server),
  };
}

/** With --url and no --family/--channel: the newest family of the account and that family's first channel. */
async function findFamily(origin, ROUTES, accessToken) {
  const get = async (route) => {
    const response = await fetch(`${origin}${route}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    if (!response.ok) throw new Error(`${route} answered ${response.status}`);
    return response.json();
  };
  const family = args.family ?? (await get(`${ROUTES.families.list.path}?pageSize=1`)).result[0]?._id;
  if (!family) throw new Error('the account has no family to open');
  const channel =
    args.channel ?? (await get(fill(ROUTES.conversations.list.path, { groupId: family }))).channels[0]?.id;
  if (!channel) throw new Error('the family has no channel to open');
  return { family, channel };
}

/** The first DOM node a Lighthouse audit's details name (the LCP element's table nests it). */
function nodeOf(details) {
  if (!details || typeof details !== 'object') return null;
  if (details.type === 'node')
    return { selector: details.selector, snippet: details.snippet, label: details.nodeLabel };
  for (const value of Object.values(details)) {
    const node = nodeOf(value);
    if (node) return node;
  }
  return null;
}

/** The audit's first `count` items, each cut down to `keys` (numbers rounded, the portal's origin left out). */
const topItems = (audit, keys, origin, count = 8) =>
  (audit?.details?.items ?? []).slice(0, count).map((item) =>
    Object.fromEntries(
      keys.map((key) => {
        const value = item[key];
        if (typeof value === 'number') return [key, Math.round(value)];
        return [key, typeof value === 'string' ? value.replace(origin, '') : (value ?? null)];
      }),
    ),
  );

/**
 * That the page measured is the page meant: not sent back to a sign-in, its session restored and its
 * data answered. A page Lighthouse measured as the sign-in form would make every figure a lie.
 */
function assertRendered(lhr, page) {
  const requests = lhr.audits['network-requests'].details?.items ?? [];
  const problems = [];
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== page.path) problems.push(`it ended at ${landed}`);
  for (const expected of page.expects) {
    const answered = requests.filter((request) => {
      const url = new URL(request.url);
      return url.pathname === expected.path && (!expected.query || url.search.includes(expected.query));
    });
    if (!answered.some((request) => request.statusCode === 200))
      problems.push(
        `${expected.path} ${answered.length ? `answered ${answered.map((r) => r.statusCode).join(', ')}` : 'was not asked'}`,
      );
  }
  if (!nodeOf(lhr.audits['largest-contentful-paint-element'].details))
    problems.push('it painted no LCP element');
  if (problems.length)
    throw new Error(`${page.name} (${lhr.configSettings.formFactor}) did not render: ${problems.join('; ')}`);
}

const bodySizes = new Map();
/**
 * The JavaScript and CSS a page downloaded from the portal: decoded, gzipped here at level 9 (as the
 * e2e budgets count them, whatever the server sent) and as the server sent them (`sent`, headers
 * included).
 */
async function bundleOf(lhr, origin) {
  const empty = () => ({ raw: 0, gzip: 0, sent: 0, files: 0 });
  const totals = { js: empty(), css: empty() };
  for (const request of lhr.audits['network-requests'].details?.items ?? []) {
    const kind = { Script: 'js', Stylesheet: 'css' }[request.resourceType];
    if (!kind || !request.url.startsWith(origin) || request.statusCode !== 200) continue;
    if (!bodySizes.has(request.url)) {
      const body = Buffer.from(await (await fetch(request.url)).arrayBuffer());
      bodySizes.set(request.url, { raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    }
    const size = bodySizes.get(request.url);
    totals[kind].raw += size.raw;
    totals[kind].gzip += size.gzip;
    totals[kind].sent += request.transferSize ?? 0;
    totals[kind].files += 1;
  }
  return totals;
}

/** What Lighthouse found blocking the page's main thread and what it loaded unused. */
function diagnosticsOf(lhr, origin) {
  const { audits } = lhr;
  return {
    lcpElement: nodeOf(audits['largest-contentful-paint-element'].details),
    // What moved as the page loaded (the CLS), each with its share.
    layoutShifts: (audits['layout-shifts']?.details?.items ?? []).map((item) => ({
      score: Math.round(item.score * 1000) / 1000,
      element: item.node?.selector ?? null,
      snippet: item.node?.snippet ?? null,
    })),
    mainThread: topItems(audits['mainthread-work-breakdown'], ['groupLabel', 'duration'], origin),
    bootup: topItems(audits['bootup-time'], ['url', 'total', 'scripting', 'scriptParseCompile'], origin),
    unusedJavascript: topItems(audits['unused-javascript'], ['url', 'totalBytes', 'wastedBytes'], origin),
    unusedCss: topItems(audits['unused-css-rules'], ['url', 'totalBytes', 'wastedBytes'], origin),
  };
}

/**
 * One Lighthouse run of a page, in a browser prepared for it (a fresh sign-in for a signed-in page).
 * A run whose trace Lighthouse could not read (it says to run again, as NO_NAVSTART does) is run again,
 * up to twice; any other failure ends the bench.
 */
async function measurePage(page, config) {
  for (let attempt = 1; ; attempt += 1) {
    const session = page.signedIn ? await signIn(where.origin, ROUTES.auth.login.path, account) : null;
    await prepareBrowser(chrome.port, where.origin, session?.refreshToken);
    const { lhr } = await lighthouse(
      `${where.origin}${page.path}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        // Back/forward cache is no score's part, and its check navigates away and back again.
        skipAudits: [...(config?.settings?.skipAudits ?? []), 'bf-cache'],
      },
      config,
    );
    if (!lhr.runtimeError) return lhr;
    const message = `${page.name} ${lhr.configSettings.formFactor}: ${lhr.runtimeError.message}`;
    if (attempt === 3 || !/run Lighthouse again/i.test(message)) throw new Error(message);
    process.stdout.write(` (${lhr.runtimeError.code}, again)`);
  }
}

const where = await portal();
const account = { email: where.account.email, password: where.account.password };
const { ROUTES } = await import('@bridge-talk/contract');
tolerateFrameReportsWithoutSequence();
let chrome;
const results = [];
const reports = [];
let lighthouseVersion = '';
const date = new Date().toISOString().slice(0, 10);
mkdirSync(args.out, { recursive: true });
try {
  chrome = await launchChromium();
  const { family, channel } = where.family
    ? where
    : await findFamily(
        where.origin,
        ROUTES,
        (await signIn(where.origin, ROUTES.auth.login.path, account)).accessToken,
      );
  const refresh = { path: ROUTES.auth.refresh.path };
  const pageOf = {
    login: { path: '/login/entity', signedIn: false, expects: [] },
    families: {
      path: '/manage-families',
      signedIn: true,
      expects: [refresh, { path: ROUTES.families.list.path }],
    },
    family: {
      path: `/manage-families/${family}/details`,
      signedIn: true,
      expects: [refresh, { path: fill(ROUTES.families.byId.path, { id: family }) }],
    },
    conversation: {
      path: `/manage-families/${family}/channel/${channel}`,
      signedIn: true,
      expects: [
        refresh,
        { path: fill(ROUTES.conversations.list.path, { groupId: family }), query: `channelId=${channel}` },
      ],
    },
  };
  for (const name of pages) {
    const page = { name, ...pageOf[name] };
    for (const preset of presets) {
      const config = PRESETS[preset];
      const measured = [];
      for (let run = 1; run <= runs; run += 1) {
        process.stdout.write(`  ${name} ${preset} ${run}/${runs}…`);
        const lhr = await measurePage(page, config);
        try {
          assertRendered(lhr, page);
        } catch (error) {
          const kept = path.join(args.out, `${date}-web-${name}-${preset}.failed.report.json`);
          writeFileSync(kept, JSON.stringify(lhr));
          throw new Error(`${error.message} (its report: ${path.relative(root, kept)})`);
        }
        measured.push(lhr);
        lighthouseVersion = lhr.lighthouseVersion;
        process.stdout.write(` performance ${Math.round(lhr.categories.performance.score * 100)}\n`);
      }
      const scores = Object.fromEntries(
        CATEGORIES.map((category) => [
          category,
          median(measured.map((lhr) => Math.round(lhr.categories[category].score * 100))),
        ]),
      );
      const metrics = Object.fromEntries(
        Object.entries(METRICS).map(([key, audit]) => [
          key,
          median(measured.map((lhr) => lhr.audits[audit].numericValue ?? null)),
        ]),
      );
      // The run with the median performance score stands for the page in the report kept.
      const standing = [...measured].sort(
        (a, b) => a.categories.performance.score - b.categories.performance.score,
      )[Math.floor((measured.length - 1) / 2)];
      const report = path.join(args.out, `${date}-web-${name}-${preset}.report.json`);
      writeFileSync(report, JSON.stringify(standing));
      reports.push(path.relative(root, report));
      results.push({
        page: name,
        path: page.path,
        preset,
        runs,
        scores,
        metrics,
        perRun: measured.map((lhr) => ({
          performance: Math.round(lhr.categories.performance.score * 100),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
          tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
        })),
        bundle: await bundleOf(standing, where.origin),
        diagnostics: diagnosticsOf(standing, where.origin),
      });
    }
  }
} finally {
  chrome?.kill();
  await where.stop();
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const rows = [
  [
    'page',
    'preset',
    'perf',
    'a11y',
    'b.p.',
    'FCP ms',
    'LCP ms',
    'TBT ms',
    'CLS',
    'SI ms',
    'JS KB raw/gz/sent',
    'CSS KB raw/gz/sent',
  ],
  ...results.map(({ page, preset, scores, metrics: m, bundle }) => [
    page,
    preset,
    String(scores.performance),
    String(scores.accessibility),
    String(scores['best-practices']),
    String(Math.round(m.fcpMs)),
    String(Math.round(m.lcpMs)),
    String(Math.round(m.tbtMs)),
    m.cls.toFixed(3),
    String(Math.round(m.speedIndexMs)),
    `${kb(bundle.js.raw)} / ${kb(bundle.js.gzip)} / ${kb(bundle.js.sent)}`,
    `${kb(bundle.css.raw)} / ${kb(bundle.css.gzip)} / ${kb(bundle.css.sent)}`,
  ]),
];
const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
console.info(
  `\nLighthouse ${lighthouseVersion}, simulated throttling, median of ${runs} run${runs > 1 ? 's' : ''} per page and preset`,
);
for (const [i, row] of rows.entries()) {
  console.info(row.map((cell, c) => (c < 2 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
  if (i === 0) console.info(widths.map((w) => '-'.repeat(w)).join('  '));
}
console.info(
  'JS/CSS: the bytes of the scripts and style sheets the page loaded: decoded, gzipped (level 9), and as sent (compressed by the portal, with headers)',
);
const file = path.join(args.out, `${date}-web.json`);
writeFileSync(
  file,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      lighthouse: lighthouseVersion,
      throttling: 'simulate',
      runs,
      data: where.seed ?? { url: where.origin },
      results,
      reports,
    },
    null,
    2,
  )}\n`,
);
console.info(`written: ${path.relative(root, file)}`);
