// The load run's mixed workload: weighted reads and writes of a random family, each request sent
// as from one of as many client addresses as there are connections.
import { randomUUID } from 'node:crypto';

/** The mixed workload: [weight, kind, request of a family]. */
const OPERATIONS = [
  [20, 'read', (f) => ({ method: 'GET', path: '/api/group/list?search=&page=1', token: f.token })],
  [15, 'read', (f) => ({ method: 'GET', path: `/api/group/list/${f.groupId}`, token: f.token })],
  [10, 'read', (f) => ({ method: 'GET', path: `/api/group/member/list/${f.groupId}`, token: f.token })],
  [
    15,
    'read',
    (f) => ({
      method: 'GET',
      path: `/api/group/channel/list/${f.groupId}?channelId=${f.channelId}&limit=20&refresh=true`,
      token: f.token,
    }),
  ],
  [10, 'read', (f) => ({ method: 'GET', path: '/api/auth/me', token: f.token })],
  [10, 'read', (f) => ({ method: 'GET', path: '/api/chat/channels', token: f.memberToken })],
  [
    10,
    'write',
    (f) => ({
      method: 'POST',
      path: `/api/chat/channels/${f.channelId}/messages`,
      token: f.memberToken,
      body: { html: `<p>Load ${randomUUID()}</p>` },
      message: true,
    }),
  ],
  [
    5,
    'write',
    (f) => ({ method: 'PUT', path: `/api/group/edit/${f.groupId}`, token: f.token, body: { name: f.name } }),
  ],
  [
    5,
    'write',
    (f) => ({
      method: 'POST',
      path: `/api/group/channel/manager/${f.groupId}/${f.channelId}`,
      token: f.token,
      body: { active: true },
    }),
  ],
];
const TOTAL_WEIGHT = OPERATIONS.reduce((sum, [weight]) => sum + weight, 0);

export function pickOperation(families) {
  let roll = Math.random() * TOTAL_WEIGHT;
  const family = families[Math.floor(Math.random() * families.length)];
  for (const [weight, kind, make] of OPERATIONS) {
    roll -= weight;
    if (roll < 0) return { kind, ...make(family) };
  }
  return { kind: 'read', ...OPERATIONS[0][2](family) };
}

/** One of `connections` client addresses, so per-client rate limits see many clients, not one. */
function clientAddress(connections) {
  const n = Math.floor(Math.random() * connections);
  return `10.77.${n >> 8}.${n & 255}`;
}

export function headersOf(op, connections) {
  return {
    authorization: `Bearer ${op.token}`,
    'x-forwarded-for': clientAddress(connections),
    ...(op.body ? { 'content-type': 'application/json' } : {}),
  };
}
