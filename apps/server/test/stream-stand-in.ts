// A local HTTP stand-in for the part of Stream's chat API the Stream chat provider uses: users,
// channels (query, create, members, partial update), message pages and search, and message flags. It
// checks the SDK's server authentication (api_key and a JWT signed with the secret) like Stream does,
// keeps its state in memory, and lets tests add messages and flags as members of the family app would.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import { answerSearch, type SearchPayload } from './stream-stand-in-search.js';

interface StandInUser {
  id: string;
  name: string;
  deactivated_at?: string;
  created_at: string;
  updated_at: string;
}

interface StandInChannel {
  type: string;
  id: string;
  cid: string;
  custom: Record<string, unknown>;
  frozen: boolean;
  created_by: string;
  members: string[];
  created_at: string;
}

interface StandInMessage {
  id: string;
  cid: string;
  user_id: string;
  html: string;
  attachments: Record<string, unknown>[];
  created_at: string;
}

interface StandInFlag {
  message_id: string;
  user_id: string;
  reason: string | null;
  created_at: string;
}

export interface StreamStandIn {
  url: string;
  apiKey: string;
  apiSecret: string;
  /** `METHOD /path` of every request received. */
  requests: string[];
  channels: Map<string, StandInChannel>;
  /** A member posts in a channel (by channel id); returns the message id. */
  postMessage(
    channelId: string,
    message: { userId: string; html: string; attachments?: Record<string, unknown>[]; createdAt?: Date },
  ): string;
  /** A member reports a message. */
  flag(messageId: string, userId: string, reason?: string | null): void;
  /** Puts a file on the stand-in's CDN; returns its address (what Stream puts in image_url). */
  putMedia(name: string, body: Buffer, contentType: string): string;
  close(): Promise<void>;
}

type Filter = Record<string, unknown>;

function matches(value: unknown, condition: unknown): boolean {
  if (condition && typeof condition === 'object' && !Array.isArray(condition)) {
    const c = condition as Record<string, unknown>;
    if ('$in' in c) return (c.$in as unknown[]).includes(value);
    if ('$eq' in c) return value === c.$eq;
    return false;
  }
  return value === condition;
}

export async function startStreamStandIn(
  apiKey = 'stand-in-key',
  apiSecret = 'stand-in-secret-0123456789',
): Promise<StreamStandIn> {
  const users = new Map<string, StandInUser>();
  const channels = new Map<string, StandInChannel>();
  const messages: StandInMessage[] = [];
  const flags: StandInFlag[] = [];
  const requests: string[] = [];
  const mediaFiles = new Map<string, { body: Buffer; contentType: string }>();
  const secret = new TextEncoder().encode(apiSecret);
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const now = () => {
    clock += 1000;
    return new Date(clock).toISOString();
  };

  const userOf = (id: string) => {
    const user = users.get(id) ?? { id, name: id, created_at: now(), updated_at: now() };
    return { ...user, role: 'user' };
  };

  const channelView = (c: StandInChannel) => ({
    ...c.custom,
    id: c.id,
    type: c.type,
    cid: c.cid,
    frozen: c.frozen,
    disabled: false,
    created_at: c.created_at,
    updated_at: c.created_at,
    created_by: userOf(c.created_by),
    member_count: c.members.length,
    config: { name: c.type, typing_events: false, read_events: false, connect_events: false },
    own_capabilities: [],
  });

  const membersView = (c: StandInChannel) =>
    c.members.map((id) => ({
      user_id: id,
      user: userOf(id),
      channel_role: 'channel_member',
      created_at: c.created_at,
      updated_at: c.created_at,
    }));

  const messageView = (m: StandInMessage) => ({
    id: m.id,
    cid: m.cid,
    type: 'regular',
    text: m.html.replace(/<[^>]*>/g, ''),
    html: m.html,
    user: userOf(m.user_id),
    attachments: m.attachments,
    created_at: m.created_at,
    updated_at: m.created_at,
    latest_reactions: [],
    own_reactions: [],
    reaction_counts: {},
    reply_count: 0,
    mentioned_users: [],
  });

  function channelState(
    c: StandInChannel,
    page: { limit?: number; id_lt?: string; id_gt?: string; created_at_after_or_equal?: string } = {},
  ) {
    let list = messages.filter((m) => m.cid === c.cid);
    const limit = page.limit ?? 25;
    if (page.created_at_after_or_equal) {
      // The `limit` messages from that time on, oldest first.
      const from = Date.parse(page.created_at_after_or_equal);
      list = list.filter((m) => Date.parse(m.created_at) >= from).slice(0, limit);
    } else if (page.id_gt) {
      // The `limit` messages right after it, oldest first (as Stream pages forward).
      const index = list.findIndex((m) => m.id === page.id_gt);
      list = index >= 0 ? list.slice(index + 1, index + 1 + limit) : [];
    } else {
      if (page.id_lt) {
        const index = list.findIndex((m) => m.id === page.id_lt);
        list = index >= 0 ? list.slice(0, index) : list;
      }
      list = limit === 0 ? [] : list.slice(-limit);
    }
    return {
      channel: channelView(c),
      members: membersView(c),
      messages: list.map(messageView),
      pinned_messages: [],
      read: [],
      watchers: [],
      watcher_count: 0,
    };
  }

  async function authorised(request: IncomingMessage, url: URL): Promise<boolean> {
    if (url.searchParams.get('api_key') !== apiKey) return false;
    if (request.headers['stream-auth-type'] !== 'jwt') return false;
    const token = request.headers.authorization;
    if (!token) return false;
    try {
      const { payload } = await jwtVerify(token.replace(/^Bearer /, ''), secret, { algorithms: ['HS256'] });
      return payload.server === true;
    } catch {
      return false;
    }
  }

  async function handle(request: IncomingMessage, url: URL, body: Record<string, unknown>) {
    const method = request.method ?? 'GET';
    const path = url.pathname;

    if (method === 'POST' && path === '/users') {
      for (const user of Object.values(body.users as Record<string, { id: string; name?: string }>)) {
        const existing = users.get(user.id);
        users.set(user.id, {
          ...existing,
          id: user.id,
          name: user.name ?? user.id,
          created_at: existing?.created_at ?? now(),
          updated_at: now(),
        });
      }
      return { users: Object.fromEntries([...users].map(([id]) => [id, userOf(id)])) };
    }
    if (method === 'GET' && path === '/users') {
      const payload = JSON.parse(url.searchParams.get('payload') ?? '{}') as {
        filter_conditions?: Filter;
        include_deactivated_users?: boolean;
      };
      const found = [...users.values()]
        .filter((u) => matches(u.id, payload.filter_conditions?.id))
        .filter((u) => payload.include_deactivated_users || !u.deactivated_at);
      return { users: found.map((u) => userOf(u.id)) };
    }
    const userAction = /^\/users\/([^/]+)\/(deactivate|reactivate)$/.exec(path);
    if (method === 'POST' && userAction) {
      const id = decodeURIComponent(userAction[1]!);
      const user = users.get(id);
      if (!user) return [404, { code: 16, message: `user ${id} does not exist` }] as const;
      if (userAction[2] === 'deactivate') {
        if (user.deactivated_at) return [400, { code: 4, message: 'user is already deactivated' }] as const;
        user.deactivated_at = now();
      } else {
        if (!user.deactivated_at) return [400, { code: 4, message: 'user is not deactivated' }] as const;
        delete user.deactivated_at;
      }
      return { user: userOf(id) };
    }
    if (method === 'POST' && path === '/channels') {
      const filter = (body.filter_conditions ?? {}) as Filter;
      const limit = Number(body.limit ?? 10);
      const offset = Number(body.offset ?? 0);
      if (limit > 30) return [400, { code: 4, message: 'limit must be 30 or less' }] as const;
      const found = [...channels.values()]
        .filter((c) =>
          Object.entries(filter).every(([key, condition]) => {
            const value = key === 'id' || key === 'type' || key === 'cid' ? c[key] : c.custom[key];
            return matches(value, condition);
          }),
        )
        .sort((a, b) => a.created_at.localeCompare(b.created_at))
        .slice(offset, offset + limit);
      const messageLimit = Number(body.message_limit ?? 25);
      return { channels: found.map((c) => channelState(c, { limit: messageLimit })) };
    }
    const channelPath = /^\/channels\/([^/]+)\/([^/]+)(\/query)?$/.exec(path);
    if (channelPath) {
      const [, type, id, query] = channelPath as unknown as [string, string, string, string | undefined];
      const cid = `${type}:${id}`;
      let channel = channels.get(cid);
      if (method === 'POST' && query) {
        if (!channel) {
          const { created_by_id, members = [], ...custom } = (body.data ?? {}) as Record<string, unknown>;
          if (typeof created_by_id !== 'string')
            return [
              400,
              { code: 4, message: 'either data.created_by or data.created_by_id must be provided' },
            ] as const;
          channel = {
            type,
            id,
            cid,
            custom,
            frozen: false,
            created_by: created_by_id,
            members: members as string[],
            created_at: now(),
          };
          channels.set(cid, channel);
        }
        return channelState(channel, (body.messages ?? {}) as Parameters<typeof channelState>[1]);
      }
      if (!channel) return [404, { code: 16, message: `channel ${cid} does not exist` }] as const;
      if (method === 'POST') {
        const add = (body.add_members ?? []) as (string | { user_id: string })[];
        const remove = (body.remove_members ?? []) as string[];
        for (const member of add) {
          const userId = typeof member === 'string' ? member : member.user_id;
          if (!channel.members.includes(userId)) channel.members.push(userId);
        }
        channel.members = channel.members.filter((m) => !remove.includes(m));
        return { channel: channelView(channel), members: membersView(channel) };
      }
      if (method === 'PATCH') {
        const { frozen, ...custom } = (body.set ?? {}) as Record<string, unknown>;
        if (typeof frozen === 'boolean') channel.frozen = frozen;
        Object.assign(channel.custom, custom);
        for (const key of (body.unset ?? []) as string[]) delete channel.custom[key];
        return { channel: channelView(channel), members: membersView(channel) };
      }
    }
    const messageMatch = /^\/messages\/([^/]+)$/.exec(path);
    if (method === 'GET' && messageMatch) {
      const found = messages.find((m) => m.id === decodeURIComponent(messageMatch[1]!));
      if (!found) return [404, { code: 4, message: 'GetMessage failed: message not found' }] as const;
      return { message: messageView(found) };
    }
    if (method === 'GET' && path === '/search') {
      const payload = JSON.parse(url.searchParams.get('payload') ?? '{}') as SearchPayload;
      const cids = [...channels.values()]
        .filter((c) =>
          Object.entries(payload.filter_conditions ?? {}).every(([key, condition]) =>
            matches(key === 'cid' || key === 'id' || key === 'type' ? c[key] : c.custom[key], condition),
          ),
        )
        .map((c) => c.cid);
      return answerSearch(payload, messages.filter((m) => cids.includes(m.cid)).map(messageView));
    }
    if (method === 'GET' && path === '/moderation/flags/message') {
      const payload = JSON.parse(url.searchParams.get('payload') ?? '{}') as {
        filter_conditions?: Filter;
        limit?: number;
        offset?: number;
      };
      const cidCondition = payload.filter_conditions?.channel_cid;
      const offset = payload.offset ?? 0;
      const limit = payload.limit ?? 10;
      const found = flags
        .map((f) => ({ flag: f, message: messages.find((m) => m.id === f.message_id)! }))
        .filter(({ message }) => cidCondition === undefined || matches(message.cid, cidCondition))
        .slice(offset, offset + limit);
      return {
        flags: found.map(({ flag, message }) => ({
          message: messageView(message),
          user: userOf(flag.user_id),
          reason: flag.reason ?? undefined,
          created_at: flag.created_at,
          updated_at: flag.created_at,
        })),
      };
    }
    return [404, { code: 16, message: `stand-in: no route for ${method} ${path}` }] as const;
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      requests.push(`${request.method} ${url.pathname}`);
      // The CDN: files put with `putMedia`, as Stream's CDN serves uploads (no API key).
      const media = url.pathname.startsWith('/cdn/') ? mediaFiles.get(url.pathname) : undefined;
      if (url.pathname.startsWith('/cdn/')) {
        if (!media) {
          response.writeHead(404);
          return response.end();
        }
        response.writeHead(200, { 'content-type': media.contentType, 'content-length': media.body.length });
        return response.end(media.body);
      }
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ ...(payload as object), duration: '0.01ms' }));
      };
      try {
        if (!(await authorised(request, url)))
          return send(401, { code: 5, message: 'not authorised', StatusCode: 401 });
        const result = await handle(request, url, raw ? JSON.parse(raw) : {});
        if (Array.isArray(result)) return send(result[0], { ...result[1], StatusCode: result[0] });
        return send(200, result);
      } catch (error) {
        return send(500, { code: -1, message: String(error), StatusCode: 500 });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    apiSecret,
    requests,
    channels,
    postMessage(channelId, message) {
      const channel = [...channels.values()].find((c) => c.id === channelId);
      if (!channel) throw new Error(`stand-in: no channel ${channelId}`);
      const id = randomUUID();
      const entry: StandInMessage = {
        id,
        cid: channel.cid,
        user_id: message.userId,
        html: message.html,
        attachments: message.attachments ?? [],
        created_at: (message.createdAt ?? new Date(now())).toISOString(),
      };
      messages.push(entry);
      messages.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
      return id;
    },
    putMedia(name, body, contentType) {
      mediaFiles.set(`/cdn/${name}`, { body, contentType });
      return `http://127.0.0.1:${port}/cdn/${name}`;
    },
    flag(messageId, userId, reason = null) {
      flags.push({ message_id: messageId, user_id: userId, reason, created_at: now() });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
