// Accessibility: every route of the portal — logged out, as an admin and as an agency, on
// real objects — and the open dialogs (a confirmation, the export, the terms modal) scanned with axe
// for WCAG 2.2 A/AA: no serious or critical violation. Each visitor's route list is checked against the
// route table the web app gives that visitor, so a new route fails here until it is scanned; and each
// visitor opens every route of the other tables, to see the login (logged out) or the not-found page
// (signed in) — scanned once. The objects carry hostile names (`<img onerror>`, `<svg onload>`): agency,
// admin, family members, a plan and a coupon, and the html of a terms version; each page shows them as
// text, and none of them ever runs. Each page and dialog is also laid out at a phone's, a tablet's and a
// desktop's width: nothing scrolls sideways and no control is out of sight (support/layout.ts).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_PAYER } from '@bridge-talk/contract/test-data';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { activateViaApi, adminToken, codeIn, createEntity, uniqueEmail } from '../support/accounts.js';
import { expectAccessible } from '../support/axe.js';
import { AGENCY_PASSWORD, E2E_ADMIN } from '../support/constants.js';
import { type FamilyData, familyWithConversation } from '../support/family-data.js';
import { expect, test, waitForMail } from '../support/fixtures.js';
import { expectUsableAtEveryWidth } from '../support/layout.js';
import { freePort, startServer, waitForExit } from '../support/server-process.js';
import { sharedServer } from '../support/shared-servers.js';
import { signIn } from '../support/sign-in.js';

const WEB_SRC = fileURLToPath(new URL('../../apps/web/src', import.meta.url));

/** Names that run script if any screen put them into the page as html. */
const HOSTILE = {
  // Over 140 characters: a name that long must still leave every screen usable on a phone.
  entity:
    'Agency <img src=x onerror="window.__xss=\'entity\'"> of the Open Adoption Families and Their Children of the Greater Springfield Area, Illinois',
  adminFirst: '<img/src=x/onerror=window.__xss=1>',
  adminLast: 'Admin<svg/onload=window.__xss=2>',
  child: 'Robin<img/src=x/onerror=window.__xss=3> Lee',
  parent: 'Pat<img/src=x/onerror=window.__xss=4> Parent',
  birth: 'Bea<svg/onload=window.__xss=5> Birch',
  // Its own in each run of the file: a retry adds a second plan, and the first one's row stays (archived).
  plan: `Plan <img src=x onerror="window.__xss=6"> ${randomUUID().slice(0, 4)}`,
  coupon: 'Coupon <svg/onload=window.__xss=7>',
  // Stored through the API as it is; the server sanitises it and the browser again.
  terms:
    '<p>Hostile terms</p><img src=x onerror="top.__xss=8"><script>top.__xss=9</script>' +
    '<a href="javascript:top.__xss=10">a link</a><iframe srcdoc="<script>top.__xss=11</script>"></iframe>',
};
const childFirstName = HOSTILE.child.split(' ')[0]!;

// A loaded machine takes a few seconds a scan.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

interface Data {
  agency: { name: string; email: string; password: string; id: string };
  admin: { id: string; email: string; password: string };
  family: FamilyData;
  plan: { id: string };
  coupon: string;
}
let data: Data;
const HOSTILE_ADMIN_PASSWORD = 'Hostile-Admin-Pass-1';

async function idFromList(request: APIRequestContext, url: string, email: string): Promise<string> {
  const response = await request.get(url, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
  });
  const body = await response.json();
  const found = JSON.stringify(body).match(
    new RegExp(`"_id":"([^"]+)"[^{}]*"email":"${email.replace(/[.+]/g, '\\$&')}"`),
  );
  if (!found?.[1]) throw new Error(`${email} not in ${url}`);
  return found[1];
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(60_000);
  const request = await playwright.request.newContext({ baseURL: sharedServer().baseUrl });
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  // A plan and a coupon with hostile names, the coupon the agency's own: they show on /payments, the
  // coupon form, the agency's details and the family's plan picker.
  const plan = await request.post('/api/payments/plans', {
    headers,
    data: { name: HOSTILE.plan, type: 'recurring', unit_amount: 1500 },
  });
  expect(plan.ok(), await plan.text()).toBe(true);
  const planId: string = (await plan.json()).id;
  // An archived plan: /payments greys its row, which must still read at 4.5:1.
  const archived = await request.post('/api/payments/plans', {
    headers,
    data: { name: `Archived plan ${randomUUID().slice(0, 4)}`, type: 'recurring', unit_amount: 900 },
  });
  expect(archived.ok(), await archived.text()).toBe(true);
  const archiving = await request.post(`/api/payments/plans/${(await archived.json()).id}/archive`, {
    headers,
  });
  expect(archiving.ok(), await archiving.text()).toBe(true);
  const coupon = `XSS${randomUUID().slice(0, 8).toUpperCase()}`;
  const created = await request.post('/api/payments/coupons', {
    headers,
    data: {
      id: coupon,
      name: HOSTILE.coupon,
      percent_off: 10,
      amount_off: null,
      max_redemptions: null,
      products: [planId],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const entity = await createEntity(request, { name: HOSTILE.entity, coupon });
  const password = AGENCY_PASSWORD;
  await activateViaApi(request, { email: entity.email, role: 'entity', password });
  const adminEmail = uniqueEmail('hostile-admin');
  const admin = await request.post('/api/admin/users/create', {
    headers,
    data: { name: `${HOSTILE.adminFirst} ${HOSTILE.adminLast}`, email: adminEmail, subtype: 'admin' },
  });
  expect(admin.ok(), await admin.text()).toBe(true);
  await activateViaApi(request, { email: adminEmail, role: 'admin', password: HOSTILE_ADMIN_PASSWORD });
  const family = await familyWithConversation(
    request,
    { email: entity.email, password },
    { child: HOSTILE.child, parent: HOSTILE.parent, birth: HOSTILE.birth },
    {
      birth: ['<p>How is Robin doing?</p>', '<p>Here is <strong>a photo</strong> from the weekend.</p>'],
      parent: '<p>Robin is doing great, thank you.</p>',
    },
  );
  // A contact agreement whose note is a hostile name: its page shows windows in several states.
  const login = await request.post('/api/auth/login', {
    data: { email: entity.email, password, role: 'entity' },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const DAY = 86_400_000;
  const start = new Date(Date.now() - 100 * DAY).toISOString().slice(0, 10);
  const agreement = await request.put(`/api/group/agreement/${family.groupId}`, {
    headers: { authorization: `Bearer ${(await login.json()).accessToken}` },
    data: {
      effectiveFrom: start,
      timeZone: 'UTC',
      items: [
        {
          kind: 'photos',
          giver: 'birth',
          receiver: 'adoptive',
          frequency: { type: 'everyMonths', months: 1, start },
          note: HOSTILE.birth,
        },
        {
          kind: 'visit',
          giver: 'adoptive',
          receiver: 'birth',
          frequency: { type: 'once', date: new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10) },
        },
      ],
    },
  });
  expect(agreement.ok(), await agreement.text()).toBe(true);
  data = {
    agency: {
      ...entity,
      password,
      id: await idFromList(
        request,
        `/api/entity/list?search=${encodeURIComponent(entity.email)}`,
        entity.email,
      ),
    },
    admin: {
      email: adminEmail,
      password: HOSTILE_ADMIN_PASSWORD,
      id: await idFromList(request, '/api/admin/users/list?page=1&pageSize=100', adminEmail),
    },
    family,
    plan: { id: planId },
    coupon,
  };
  await request.dispose();
});

test.afterAll(async ({ playwright }) => {
  // The hostile admin sorts first in the admin list, and the hostile plan would be offered to every
  // family: other specs expect their own admins and plans there.
  if (!data) return;
  const request = await playwright.request.newContext({ baseURL: sharedServer().baseUrl });
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  await request.delete(`/api/admin/users/remove/${data.admin.id}`, { headers });
  await request.post(`/api/payments/plans/${data.plan.id}/archive`, { headers });
  await request.dispose();
});

type Visitor = 'loggedOut' | 'admin' | 'entity';

interface Visit {
  /** The route's path exactly as the route table writes it. */
  route: string;
  /** Opens the route and waits until it shows its data. */
  open: (page: Page) => Promise<void>;
  /** A route that only redirects is checked for where it lands, not scanned again. */
  redirect?: true;
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, level: 1 });

/**
 * Opens an address the way the app's own links do: no reload, the session stays in memory. The first
 * address of a page is loaded.
 */
async function go(page: Page, url: string) {
  if (!page.url().startsWith('http')) {
    await page.goto(url);
    return;
  }
  await page.evaluate((to) => {
    const { idx } = (window.history.state ?? {}) as { idx?: number };
    window.history.pushState({ usr: null, key: `a11y${Date.now()}`, idx: (idx ?? 0) + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, url);
}

async function visit(page: Page, url: string, ready: (page: Page) => Locator) {
  await go(page, url);
  await expect(ready(page)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Loading')).toHaveCount(0);
}

/** A terms version that does not exist. */
const MISSING_VERSION = '00000000-0000-4000-8000-000000000000';

/**
 * The public check of a transcript: the same page for every visitor, signed in or not; one route whose
 * fingerprint is optional, visited without one and with one.
 */
const VERIFY_VISITS: Visit[] = [
  {
    route: '/verify/:hash?',
    open: (page) => visit(page, '/verify', (p) => heading(p, 'Check a conversation transcript')),
  },
  {
    route: '/verify/:hash?',
    open: async (page) => {
      await visit(page, `/verify/${'0'.repeat(64)}`, (p) => heading(p, 'Check a conversation transcript'));
      await expect(page.getByTestId('verify-result')).toBeVisible();
    },
  },
];

const ROUTES: Record<Visitor, Visit[]> = {
  loggedOut: [
    {
      route: '/',
      redirect: true,
      open: async (page) => {
        await go(page, '/');
        await expect(page).toHaveURL(/\/login\/entity$/);
      },
    },
    {
      route: '/login/:role',
      open: (page) => visit(page, '/login/entity', (p) => heading(p, 'Agency and lawyer login')),
    },
    {
      route: '/login/:role',
      open: (page) => visit(page, '/login/admin', (p) => heading(p, 'Administrator login')),
    },
    {
      route: '/forgot-password/:role',
      open: (page) => visit(page, '/forgot-password/entity', (p) => heading(p, 'Forgot password')),
    },
    {
      route: '/activation-code/:role',
      open: async (page) => {
        await page.getByRole('textbox', { name: 'Email' }).fill(data.agency.email);
        await page.getByRole('button', { name: 'Send code' }).click();
        await expect(heading(page, /Activation code/)).toBeVisible();
      },
    },
    {
      route: '/new-password/:role',
      open: async (page) => {
        const mail = await waitForMail(data.agency.email, /verification code/);
        await page.getByRole('textbox', { name: 'Code' }).fill(codeIn(mail.text));
        await page.getByRole('button', { name: 'Continue' }).click();
        await expect(heading(page, 'New password')).toBeVisible();
      },
    },
    {
      route: '/signup/entity',
      open: (page) => visit(page, '/signup/entity', (p) => heading(p, 'Request your access')),
    },
    ...VERIFY_VISITS,
    {
      route: '*',
      redirect: true,
      open: async (page) => {
        await go(page, '/manage-families');
        await expect(page).toHaveURL(/\/login\/entity$/);
      },
    },
  ],
  admin: [
    {
      route: '/',
      redirect: true,
      open: async (page) => {
        await go(page, '/');
        await expect(page).toHaveURL(/\/entity-management$/);
      },
    },
    {
      route: '/login/*',
      redirect: true,
      open: async (page) => {
        await go(page, '/login/admin');
        await expect(page).toHaveURL(/\/entity-management$/);
      },
    },
    {
      route: '/entity-management',
      open: async (page) => {
        await visit(page, '/entity-management', (p) => heading(p, 'Entity Management'));
        await page.getByRole('searchbox').fill(data.agency.email);
        await expect(page.getByRole('row', { name: new RegExp(data.agency.email) })).toContainText(
          HOSTILE.entity,
        );
      },
    },
    {
      route: '/entity-management/create',
      open: (page) => visit(page, '/entity-management/create', (p) => heading(p, /./)),
    },
    {
      route: '/entity-management/:id/details',
      open: async (page) => {
        await visit(page, `/entity-management/${data.agency.id}/details`, (p) => heading(p, HOSTILE.entity));
        await expect(page.getByText(`After the coupon ${data.coupon}: ${HOSTILE.coupon}`)).toBeVisible();
      },
    },
    {
      route: '/entity-management/:id/edit',
      open: async (page) => {
        await visit(page, `/entity-management/${data.agency.id}/edit`, (p) => heading(p, /./));
        await expect(page.getByRole('textbox', { name: /name/i }).first()).toHaveValue(HOSTILE.entity);
      },
    },
    {
      route: '/bridge-talk-admin',
      open: (page) =>
        visit(page, '/bridge-talk-admin?page=1', (p) =>
          p.getByRole('row', { name: new RegExp(data.admin.email) }),
        ),
    },
    {
      route: '/bridge-talk-admin/create',
      open: (page) => visit(page, '/bridge-talk-admin/create', (p) => heading(p, 'Add Admin Account')),
    },
    {
      route: '/bridge-talk-admin/:id/edit',
      open: async (page) => {
        await visit(page, `/bridge-talk-admin/${data.admin.id}/edit`, (p) => heading(p, /./));
        await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue(HOSTILE.adminFirst);
      },
    },
    {
      route: '/payments',
      open: (page) =>
        visit(page, '/payments', (p) =>
          p.getByRole('table', { name: 'Plans' }).getByRole('row', { name: HOSTILE.plan }),
        ),
    },
    {
      route: '/payments/plans/new',
      open: (page) => visit(page, '/payments/plans/new', (p) => heading(p, /./)),
    },
    {
      route: '/payments/coupons/new',
      open: (page) =>
        visit(page, '/payments/coupons/new', (p) => p.getByRole('checkbox', { name: HOSTILE.plan })),
    },
    {
      route: '/terms-conditions',
      open: (page) => visit(page, '/terms-conditions', (p) => heading(p, 'Terms and Conditions')),
    },
    {
      route: '/terms-conditions/:id',
      open: async (page) => {
        await visit(page, '/terms-conditions/new', (p) => heading(p, 'Terms and Conditions'));
        await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled({ timeout: 30_000 });
      },
    },
    {
      // The shared server has no terms yet: the state of a version not found (a version is scanned on a
      // server of its own below).
      route: '/terms-conditions/versions/:id',
      open: async (page) => {
        await visit(page, `/terms-conditions/versions/${MISSING_VERSION}`, (p) =>
          heading(p, 'Terms and Conditions'),
        );
        await expect(page.getByText('Not found.')).toBeVisible();
      },
    },
    {
      route: '/activity',
      open: (page) =>
        visit(page, '/activity', (p) => p.getByRole('row', { name: /Created an entity account/ }).first()),
    },
    {
      route: '/account-settings',
      open: (page) => visit(page, '/account-settings', (p) => heading(p, 'Account settings')),
    },
    {
      route: '/account-settings/:id/change-password',
      open: async (page) => {
        await page.getByRole('link', { name: 'Change Password' }).click();
        await expect(heading(page, 'Change password')).toBeVisible();
      },
    },
    ...VERIFY_VISITS,
    {
      route: '*',
      open: (page) => visit(page, '/no-such-page', (p) => heading(p, 'Page not found')),
    },
  ],
  entity: [
    {
      route: '/',
      redirect: true,
      open: async (page) => {
        await go(page, '/');
        await expect(page).toHaveURL(/\/manage-families$/);
      },
    },
    {
      route: '/login/*',
      redirect: true,
      open: async (page) => {
        await go(page, '/login/entity');
        await expect(page).toHaveURL(/\/manage-families$/);
      },
    },
    {
      route: '/manage-families',
      open: (page) =>
        visit(page, '/manage-families', (p) => p.getByRole('row', { name: new RegExp(childFirstName) })),
    },
    {
      route: '/manage-families/:id/details',
      open: async (page) => {
        await visit(page, `/manage-families/${data.family.groupId}/details`, (p) =>
          heading(p, childFirstName),
        );
        await expect(page.getByRole('table', { name: 'Members' })).toContainText(HOSTILE.parent);
        await expect(page.getByRole('table', { name: 'Channels' })).toContainText(HOSTILE.birth);
      },
    },
    {
      route: '/manage-families/:id/edit',
      open: (page) =>
        visit(page, `/manage-families/${data.family.groupId}/edit`, (p) => heading(p, childFirstName)),
    },
    {
      route: '/manage-families/:id/update-billing',
      open: async (page) => {
        await visit(page, `/manage-families/${data.family.groupId}/update-billing`, (p) => heading(p, /./));
        await expect(page.getByRole('textbox', { name: 'Cardholder name' })).toHaveValue(TEST_PAYER.cardName);
      },
    },
    {
      route: '/manage-families/:id/update-plan',
      open: async (page) => {
        await visit(page, `/manage-families/${data.family.groupId}/update-plan`, (p) =>
          p.getByRole('radio', { name: `${HOSTILE.plan}: $13.50 per month` }),
        );
        await expect(page.getByText(`Coupon ${HOSTILE.coupon} applied`)).toBeVisible();
      },
    },
    {
      route: '/manage-families/:id/update-families',
      open: async (page) => {
        await visit(page, `/manage-families/${data.family.groupId}/update-families`, (p) =>
          heading(p, 'Edit Family Members'),
        );
        await expect(
          page.getByRole('group', { name: 'Birth family 1' }).getByRole('textbox', { name: 'First name' }),
        ).toHaveValue(HOSTILE.birth.split(' ')[0]!);
      },
    },
    {
      route: '/manage-families/:id/edit-group',
      open: async (page) => {
        await visit(page, `/manage-families/${data.family.groupId}/edit-group`, (p) => heading(p, /./));
        await expect(page.getByRole('textbox', { name: 'Group name' })).toHaveValue(HOSTILE.child);
      },
    },
    {
      route: '/manage-families/:id/activity',
      open: (page) =>
        visit(page, `/manage-families/${data.family.groupId}/activity`, (p) =>
          p.getByRole('row', { name: /Saved the family's payment details/ }).first(),
        ),
    },
    {
      route: '/manage-families/:id/agreement',
      open: (page) =>
        visit(page, `/manage-families/${data.family.groupId}/agreement`, (p) =>
          p.getByRole('table', { name: 'Photos — Birth family to Adoptive parents' }),
        ),
    },
    {
      route: '/manage-families/:id/agreement/edit',
      open: (page) =>
        visit(page, `/manage-families/${data.family.groupId}/agreement/edit`, (p) =>
          p.getByRole('group', { name: 'Item 2' }),
        ),
    },
    {
      route: '/manage-families/:id/channel/:channelId',
      open: async (page) => {
        await visit(page, `/manage-families/${data.family.groupId}/channel/${data.family.channelId}`, (p) =>
          p.getByRole('log', { name: 'Messages' }).getByText('Robin is doing great, thank you.'),
        );
        await expect(page.getByText(/This content has been reported by/)).toBeVisible();
        // The sender's first name heads their messages; the members line and the trail name everyone.
        await expect(page.getByRole('log', { name: 'Messages' })).toContainText(HOSTILE.birth.split(' ')[0]!);
        await expect(page.getByRole('main')).toContainText(HOSTILE.parent);
        await expect(page.getByLabel('Breadcrumb')).toContainText(childFirstName);
      },
    },
    {
      route: '/reports',
      open: (page) =>
        visit(page, '/reports', (p) =>
          p
            .getByRole('table', { name: 'Reported messages' })
            .getByRole('button', { name: 'Mark as reviewed' })
            .first(),
        ),
    },
    {
      // The hostile family, whose photos are owed (or the empty desk, should none be owed yet).
      route: '/agreements-due',
      open: (page) =>
        visit(page, '/agreements-due', (p) =>
          p
            .getByRole('table', { name: 'Agreements due' })
            .getByRole('row', { name: new RegExp(childFirstName) })
            .or(p.getByText('No agreement has an item overdue or due soon.')),
        ),
    },
    {
      // The agency's year of agreements: the hostile family's row, or the year's empty state.
      route: '/agreements/summary',
      open: (page) =>
        visit(page, '/agreements/summary', (p) =>
          p
            .getByRole('table')
            .getByRole('link', { name: new RegExp(childFirstName) })
            .or(p.getByText(/^No family had a contact agreement in force in/)),
        ),
    },
    {
      route: '/add-new-family',
      open: (page) =>
        visit(page, '/add-new-family', (p) => p.getByRole('heading', { name: 'Payment Details' })),
    },
    {
      route: '/account-settings',
      open: (page) => visit(page, '/account-settings', (p) => heading(p, 'Account settings')),
    },
    {
      route: '/account-settings/:id/change-password',
      open: async (page) => {
        await page.getByRole('link', { name: 'Change Password' }).click();
        await expect(heading(page, 'Change password')).toBeVisible();
      },
    },
    ...VERIFY_VISITS,
    {
      route: '*',
      open: (page) => visit(page, '/manage-families/x/y/z', (p) => heading(p, 'Page not found')),
    },
  ],
};

const pathsIn = (code: string) => [...code.matchAll(/\bpath:\s*['"`]([^'"`]+)['"`]/g)].map((m) => m[1]!);

/** The text from `start` to the first `end` after it; fails when the route tables changed shape. */
function between(code: string, start: string, end: string): string {
  const from = code.indexOf(start);
  const to = code.indexOf(end, from + start.length);
  if (from < 0 || to < 0) throw new Error(`app/routes.tsx no longer has ${start} … ${end}: update this spec`);
  return code.slice(from, to);
}

/**
 * The paths of the route table the web app gives each visitor, read from its source: the logged-out
 * table, and for each role the signed-in frame's own paths and those of the features it spreads in.
 */
function routeTables(): Record<Visitor, string[]> {
  const features = new Map<string, string[]>();
  const folders = readdirSync(path.join(WEB_SRC, 'features'), { withFileTypes: true });
  for (const feature of folders.filter((entry) => entry.isDirectory()).map((entry) => entry.name)) {
    // A feature's tables: routes.tsx, and any other *-routes.tsx it keeps (conversations' check page).
    const names = readdirSync(path.join(WEB_SRC, 'features', feature)).filter((name) =>
      /(^|-)routes\.tsx?$/.test(name),
    );
    for (const name of names) {
      const file = path.join(WEB_SRC, 'features', feature, name);
      let code: string;
      try {
        code = readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      for (const table of code.matchAll(
        /export const (\w+)\s*:\s*RouteObject\[\]\s*=\s*\[([\s\S]*?)\];$/gm,
      )) {
        features.set(table[1]!, pathsIn(table[2]!));
      }
    }
  }
  const app = readFileSync(path.join(WEB_SRC, 'app/routes.tsx'), 'utf8');
  const spread = (code: string) =>
    [...code.matchAll(/\.\.\.(\w+Routes)\b/g)].flatMap((m) => {
      const paths = features.get(m[1]!);
      if (!paths) throw new Error(`no feature exports ${m[1]}: update this spec`);
      return paths;
    });
  const frame = between(app, 'function signedIn(', '\n}\n');
  const signedIn = (role: string) => {
    const features = between(app, `const ${role}Features: RouteObject[] = [`, '];');
    return [...pathsIn(frame), ...spread(frame), ...spread(features)];
  };
  return {
    loggedOut: ((table) => [...pathsIn(table), ...spread(table)])(
      between(app, 'export const loggedOutRoutes', '\n];'),
    ),
    admin: signedIn('admin'),
    entity: signedIn('entity'),
  };
}

const HOME: Record<Exclude<Visitor, 'loggedOut'>, RegExp> = {
  admin: /\/entity-management$/,
  entity: /\/manage-families$/,
};

/** An address of a route of another table, with real ids where the route takes one. */
function addressOf(route: string): string {
  const ids: [string, string][] = [
    ['/manage-families', data.family.groupId],
    ['/bridge-talk-admin', data.admin.id],
    ['/terms-conditions', 'new'],
  ];
  const id = ids.find(([prefix]) => route.startsWith(prefix))?.[1] ?? data.agency.id;
  return route.replace(':role', 'entity').replace(':channelId', data.family.channelId).replace(':id', id);
}

/**
 * Every route of the other tables that this visitor's table does not have: logged out, each sends to
 * the login; signed in, a login path goes to the start page and any other shows 'Page not found'. The
 * first page so reached is scanned; the others are the same page.
 */
async function visitOtherTables(page: Page, visitor: Visitor, unexecuted: (where: string) => Promise<void>) {
  const tables = routeTables();
  const own = new Set(tables[visitor]);
  const others = new Set(
    (Object.keys(tables) as Visitor[])
      .filter((other) => other !== visitor)
      .flatMap((other) => tables[other])
      .filter((route) => !own.has(route) && route !== '*' && route !== '/login/*'),
  );
  let scanned = false;
  for (const route of others) {
    const address = addressOf(route);
    const where = `${visitor} on another table's ${route} (${address})`;
    await go(page, address);
    if (visitor === 'loggedOut') {
      await expect(page, where).toHaveURL(/\/login\/(entity|admin)$/);
      await expect(heading(page, /login/i)).toBeVisible();
    } else if (address.startsWith('/login/')) {
      await expect(page, where).toHaveURL(HOME[visitor]);
      continue;
    } else {
      await expect(heading(page, 'Page not found'), where).toBeVisible();
    }
    if (!scanned) await expectAccessible(page, where);
    scanned = true;
    await unexecuted(where);
  }
  expect(scanned, `${visitor}: no route of another table`).toBe(true);
}

/** Nothing a hostile name carries has run: no flag set and no dialog opened. */
function watchForScript(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return async (where: string) => {
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss), where).toBeUndefined();
    expect(dialogs, where).toEqual([]);
  };
}

/**
 * Opens each route of the visitor in turn, scans it, and checks that no hostile name ran; then the
 * routes of the other tables. `dialogs` open a dialog (closed by Escape) or another state of a route's
 * page, scanned as well.
 */
async function scanRoutes(
  page: Page,
  visitor: Visitor,
  dialogs: Record<string, (page: Page) => Promise<void>>,
) {
  const unexecuted = watchForScript(page);
  for (const entry of ROUTES[visitor]) {
    await entry.open(page);
    const where = `${visitor} ${entry.route} (${new URL(page.url()).pathname})`;
    if (!entry.redirect) {
      await expectAccessible(page, where);
      await expectUsableAtEveryWidth(page, where);
    }
    await unexecuted(where);
    const dialog = dialogs[entry.route];
    delete dialogs[entry.route];
    if (dialog) {
      await dialog(page);
      await expectAccessible(page, `${where}, dialog or second state open`);
      await expectUsableAtEveryWidth(page, `${where}, dialog or second state open`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await unexecuted(`${where}, dialog or second state`);
    }
  }
  expect(Object.keys(dialogs), `${visitor}: dialogs of routes never opened`).toEqual([]);
  await visitOtherTables(page, visitor, unexecuted);
}

test('each visitor scans exactly the routes of the table the web app gives it', () => {
  const tables = routeTables();
  for (const visitor of Object.keys(ROUTES) as Visitor[]) {
    const scanned = new Set(ROUTES[visitor].map((v) => v.route));
    const declared = new Set(tables[visitor]);
    expect(declared.size, `${visitor}: the route table read from the source`).toBeGreaterThan(2);
    expect(
      [...declared].filter((route) => !scanned.has(route)),
      `${visitor}: routes never scanned`,
    ).toEqual([]);
    expect(
      [...scanned].filter((route) => !declared.has(route)),
      `${visitor}: routes not in its table`,
    ).toEqual([]);
  }
});

test('logged out: every route and the terms modal', async ({ page }) => {
  await scanRoutes(page, 'loggedOut', {
    '/login/:role': async (p) => {
      await p.getByRole('button', { name: 'Terms of use' }).focus();
      await p.keyboard.press('Enter');
      await expect(p.getByRole('dialog')).toBeVisible();
    },
  });
});

test('admin: every route and the confirmation before removing an admin; hostile names never run', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.expect(
    new RegExp(`status of 404 \\(Not Found\\) \\(.*/api/term/list/${MISSING_VERSION}\\)$`),
  );
  await signIn(page, 'admin', E2E_ADMIN.email, E2E_ADMIN.password);
  await scanRoutes(page, 'admin', {
    // The coupons tab: the hostile coupon and the hostile plan it applies to.
    '/payments': async (p) => {
      await p.getByRole('tab', { name: 'Coupons' }).click();
      const row = p.getByRole('table', { name: 'Coupons' }).getByRole('row', { name: data.coupon });
      await expect(row).toContainText(HOSTILE.coupon);
      await expect(row).toContainText(HOSTILE.plan);
    },
    '/bridge-talk-admin': async (p) => {
      await p
        .getByRole('row', { name: new RegExp(data.admin.email) })
        .getByRole('button', { name: 'Remove' })
        .click();
      await expect(p.getByRole('dialog')).toContainText('Do you really want to remove this admin?');
    },
  });
});

test('the hostile admin’s own name in the header and the lists never runs', async ({ page }) => {
  const unexecuted = watchForScript(page);
  await signIn(page, 'admin', data.admin.email, data.admin.password);
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText(HOSTILE.adminFirst);
  await page.goto('/bridge-talk-admin?page=1');
  await expect(page.getByRole('row', { name: new RegExp(data.admin.email) })).toContainText(
    `${HOSTILE.adminFirst} ${HOSTILE.adminLast}`,
  );
  await unexecuted('hostile admin signed in');
});

test('entity: every route, a status confirmation and the export dialog; hostile names never run', async ({
  page,
}) => {
  await signIn(page, 'entity', data.agency.email, data.agency.password);
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText(HOSTILE.entity);
  await scanRoutes(page, 'entity', {
    '/manage-families/:id/details': async (p) => {
      await p
        .getByRole('table', { name: 'Members' })
        .getByRole('switch', { name: `Status of ${HOSTILE.parent}` })
        .click({ force: true });
      await expect(p.getByRole('dialog')).toContainText('Do you really want to deactivate this member?');
    },
    '/manage-families/:id/channel/:channelId': async (p) => {
      await p.getByRole('button', { name: 'EXPORT' }).click();
      await expect(p.getByRole('dialog', { name: 'Export conversation' })).toBeVisible();
    },
    '/manage-families/:id/agreement': async (p) => {
      await p
        .getByRole('button', { name: /^Mark given: Photos/ })
        .first()
        .click();
      await expect(p.getByRole('dialog', { name: 'Mark this window given' })).toBeVisible();
    },
    '/reports': async (p) => {
      await p.getByRole('button', { name: 'Mark as reviewed' }).first().click();
      await expect(p.getByRole('dialog', { name: 'Mark the report as reviewed' })).toBeVisible();
    },
  });
});

// The shared server of the run has no terms until terms.spec.ts writes the first version, so the editor
// of an existing version is scanned on a server of its own, with a version of hostile html.
test('admin: the terms and the editor of an existing version; its hostile html never runs', async ({
  page,
}) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bt-a11y-terms-'));
  const admin = { email: 'admin@a11y-terms.local', password: 'Terms-A11y-Pass-1' };
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SMTP_URL: sharedServer().smtpUrl,
    },
    await freePort(),
  );
  try {
    const login = await page.request.post(`${server.url}/api/auth/login`, {
      data: { ...admin, role: 'admin' },
    });
    expect(login.status()).toBe(200);
    const created = await page.request.post(`${server.url}/api/term/create`, {
      headers: { authorization: `Bearer ${(await login.json()).accessToken}` },
      data: { content: HOSTILE.terms },
    });
    expect(created.status(), await created.text()).toBe(201);
    const termsId: string = (await created.json())._id;

    const unexecuted = watchForScript(page);
    await signIn(page, 'admin', admin.email, admin.password, { origin: server.url });
    await visit(page, '/terms-conditions', (p) => p.getByRole('main').getByText('Hostile terms'));
    await expectAccessible(page, 'admin /terms-conditions with a version');
    await unexecuted('admin /terms-conditions with a version');
    await visit(page, `/terms-conditions/${termsId}`, (p) => heading(p, 'Terms and Conditions'));
    await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled({ timeout: 30_000 });
    await expect(
      page.frameLocator('iframe.tox-edit-area__iframe').locator('body').getByText('Hostile terms'),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Version' })).toHaveValue('2');
    await expectAccessible(page, `admin /terms-conditions/:id (${termsId})`);
    await unexecuted(`admin /terms-conditions/${termsId}`);
    await visit(page, `/terms-conditions/versions/${termsId}`, (p) => heading(p, 'Version 1'));
    await expect(page.getByRole('main').getByText('Hostile terms')).toBeVisible();
    await expectAccessible(page, `admin /terms-conditions/versions/:id (${termsId})`);
    await unexecuted(`admin /terms-conditions/versions/${termsId}`);
  } finally {
    // The page goes before its server, so that nothing it still asks for finds the server gone.
    await page.close();
    server.process.kill('SIGTERM');
    await waitForExit(server.process);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
