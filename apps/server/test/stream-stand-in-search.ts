// Message search as Stream answers it, for the Stream stand-in: every word of `query` in a message's
// text; with a sort, pages go on with the opaque `next` of the previous answer (it carries the sort),
// and a `next` Stream did not make is refused, as Stream refuses it.

export interface SearchPayload {
  filter_conditions?: Record<string, unknown>;
  query?: string;
  limit?: number;
  offset?: number;
  next?: string;
  sort?: { field: string; direction: number }[];
}

type Refusal = readonly [400, { code: number; message: string }];

/** `messages`: those of the channels the filter names, oldest first, as Stream shows them. */
export function answerSearch<M extends { cid: string; text: string }>(
  payload: SearchPayload,
  messages: M[],
): Refusal | { results: { message: M & { channel: { cid: string } } }[]; next?: string } {
  const limit = payload.limit ?? 100;
  if (!payload.query)
    return [400, { code: 4, message: 'query or message_filter_conditions required' }] as const;
  if (payload.offset && (payload.next || payload.sort))
    return [400, { code: 4, message: 'cannot use offset with next or sort' }] as const;
  let offset = payload.offset ?? 0;
  let newestFirst = payload.sort?.[0]?.field === 'created_at' && payload.sort[0].direction === -1;
  if (payload.next) {
    try {
      const token = JSON.parse(Buffer.from(payload.next, 'base64url').toString()) as {
        offset: number;
        newestFirst: boolean;
      };
      if (!Number.isInteger(token.offset)) throw new Error('bad token');
      ({ offset, newestFirst } = token);
    } catch {
      return [400, { code: 4, message: 'invalid next parameter' }] as const;
    }
  }
  const words = payload.query.toLowerCase().split(/\W+/).filter(Boolean);
  const found = messages.filter((m) => words.every((w) => m.text.toLowerCase().includes(w)));
  if (newestFirst) found.reverse();
  const page = found.slice(offset, offset + limit);
  const next = Buffer.from(JSON.stringify({ offset: offset + limit, newestFirst })).toString('base64url');
  return {
    results: page.map((m) => ({ message: { ...m, channel: { cid: m.cid } } })),
    ...(offset + limit < found.length ? { next } : {}),
  };
}
