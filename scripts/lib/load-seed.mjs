// The load run's data, made through the API as the portal makes it: entities (rows with the first
// admin's password hash, so that they sign in with its password), each with families made by the
// add-family calls, and a member chat token for each family's adoptive parent through the e-mailed
// code (read from the outbox). Also the direct database access the run needs (withClient).
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pg = require('pg');

export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function api(url, method, route, { token, body } = {}) {
  const response = await fetch(`${url}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/**
 * Member chat tokens through the e-mailed-code flow: every code is asked for first, then read from the
 * outbox (the mail queue also carries the people's invitations, so the codes may take a while).
 */
async function memberTokens(url, dbUrl, emails) {
  const states = new Map();
  for (const email of emails) {
    states.set(email, (await api(url, 'POST', '/api/chat/sessions/code', { body: { email } })).state);
  }
  const tokens = new Map();
  const started = Date.now();
  while (tokens.size < emails.length && Date.now() - started < 300_000) {
    const { rows } = await withClient(dbUrl, (c) =>
      c.query(
        `select distinct on ("to") "to", text from mail_messages where "to" = any($1::text[])
           and subject ilike '%chat code%' order by "to", created_at desc`,
        [emails.filter((email) => !tokens.has(email))],
      ),
    );
    for (const { to, text } of rows) {
      const code = /^([A-Z2-9]{6})$/m.exec(text ?? '')?.[1];
      if (!code) continue;
      const session = await api(url, 'POST', '/api/chat/sessions', {
        body: { email: to, code, state: states.get(to) },
      });
      tokens.set(to, session.token);
    }
    if (tokens.size < emails.length) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (tokens.size < emails.length)
    throw new Error(`chat codes e-mailed to ${tokens.size} of ${emails.length} members`);
  return tokens;
}

/** Entities with families, people, channels, a few messages and member tokens. */
export async function seedThroughApi(url, dbUrl, { entities: entityCount, families: familyCount, admin }) {
  // The built contract, imported here rather than at the top: the scripts build it (buildServerIfStale)
  // after this module is loaded.
  const { TEST_CARD_DETAILS, TEST_CARDS, TEST_PAYER } = await import('@bridge-talk/contract/test-data');
  const run = randomUUID().slice(0, 8);
  const entityIds = await withClient(dbUrl, async (c) => {
    const ids = [];
    for (let e = 0; e < entityCount; e++) {
      const email = `agency-${run}-${e}@bench-load.local`;
      const { rows } = await c.query(
        `insert into entities (name, email, subtype, status) values ($1, $2, 'agency', 'active') returning id`,
        [`Load Agency ${e}`, email],
      );
      await c.query(
        `insert into users (email, first_name, last_name, role, subtype, entity_id, password_hash, status)
         select $1, 'Erin', $2, 'entity', 'agency', $3, password_hash, 'active' from users where email = $4`,
        [email, `Agent ${e}`, rows[0].id, admin.email],
      );
      ids.push({ id: rows[0].id, email });
    }
    return ids;
  });
  const families = [];
  for (const [e, entity] of entityIds.entries()) {
    const { accessToken: token } = await api(url, 'POST', '/api/auth/login', {
      body: { email: entity.email, password: admin.password, role: 'entity' },
    });
    const { plans } = await api(url, 'GET', '/api/group/billing/plans/list', { token });
    for (let f = 0; f < familyCount; f++) {
      const card = await api(url, 'POST', '/api/payments/local/tokens', {
        token,
        body: {
          number: TEST_CARDS.paid.spaced,
          expMonth: TEST_CARD_DETAILS.expMonth,
          expYear: TEST_CARD_DETAILS.expYear,
          cvc: TEST_CARD_DETAILS.cvc,
        },
      });
      const { _id: groupId } = await api(url, 'POST', '/api/group/billing/save', {
        token,
        body: { ...TEST_PAYER, email: `payer-${run}-${e}-${f}@bench-load.local`, ...card },
      });
      await api(url, 'POST', '/api/group/billing/assignSubscription', {
        token,
        body: { groupId, priceId: plans[0].id, coupons: [], name: `Robin Load${e}x${f}` },
      });
      const person = async (name, subtype, email) =>
        (await api(url, 'POST', '/api/group/user/create', { token, body: { groupId, name, email, subtype } }))
          ._id;
      const parentEmail = `parent-${run}-${e}-${f}@bench-load.local`;
      const child = await person(`Robin Load${e}x${f}`, 'child', null);
      const parent = await person('Pat Parent', 'adoptive_parent', parentEmail);
      const birth = await person('Bea Birth', 'birth_family', `birth-${run}-${e}-${f}@bench-load.local`);
      await api(url, 'POST', '/api/group/user/sync', {
        token,
        body: {
          groupId,
          results: [
            { userId: child, userType: 'child' },
            { userId: parent, userType: 'adoptive_parent' },
            { userId: birth, userType: 'birth_family' },
          ],
        },
      });
      const { channels } = await api(url, 'GET', `/api/group/channel/list/${groupId}`, { token });
      families.push({ token, groupId, channelId: channels[0].id, parentEmail, name: `Robin Load${e}x${f}` });
    }
  }
  const tokens = await memberTokens(
    url,
    dbUrl,
    families.map((f) => f.parentEmail),
  );
  for (const family of families) family.memberToken = tokens.get(family.parentEmail);
  for (const family of families) {
    for (let m = 0; m < 5; m++) {
      await api(url, 'POST', `/api/chat/channels/${family.channelId}/messages`, {
        token: family.memberToken,
        body: { html: `<p>Seed message ${m}</p>` },
      });
    }
  }
  return families;
}
