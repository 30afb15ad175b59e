import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { requestLoggerFactory } from './request-logger.js';

/** A server with the portal's request loggers at `level`; `lines()` is what it wrote, parsed. */
function serverAt(level: string) {
  const written: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      written.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream },
    childLoggerFactory: requestLoggerFactory,
    genReqId: () => 'req-42',
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/writes', async (request) => {
    request.log.debug('a debug line');
    request.log.info({ family: 'f-1' }, 'an info line');
    request.log.warn('a warning');
    return { ok: true };
  });
  app.get('/child', async (request) => {
    request.log.child({ part: 'export' }).warn('from a child');
    return { ok: true };
  });
  app.get('/health', { logLevel: 'warn' }, async (request) => {
    request.log.info('not written');
    return { ok: true };
  });
  app.get('/verbose', { logLevel: 'debug' }, async (request) => {
    request.log.debug('written at the route level');
    return { ok: true };
  });
  const lines = () => written.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { app, lines };
}

describe('request loggers', () => {
  it('write every line with the request id, as pino children do', async () => {
    const { app, lines } = serverAt('info');
    await app.inject('/writes');
    const messages = lines().map((line) => [line.msg, line.reqId]);
    expect(messages).toEqual([
      ['incoming request', 'req-42'],
      ['an info line', 'req-42'],
      ['a warning', 'req-42'],
      ['request completed', 'req-42'],
    ]);
    expect(lines()[1]).toMatchObject({ family: 'f-1', level: 30 });
  });

  it('write nothing below the server level, and the rest with the request id', async () => {
    const { app, lines } = serverAt('warn');
    await app.inject('/writes');
    expect(lines().map((line) => [line.msg, line.reqId])).toEqual([['a warning', 'req-42']]);
  });

  it("follow a route's own level, above or below the server's", async () => {
    const { app, lines } = serverAt('info');
    await app.inject('/health');
    expect(lines()).toEqual([]);
    await app.inject('/verbose');
    expect(lines().map((line) => line.msg)).toEqual([
      'incoming request',
      'written at the route level',
      'request completed',
    ]);
  });

  it("give children that carry the request's id and their own fields", async () => {
    const { app, lines } = serverAt('warn');
    await app.inject('/child');
    expect(lines()).toEqual([
      expect.objectContaining({ msg: 'from a child', reqId: 'req-42', part: 'export' }),
    ]);
  });

  it("make pino's child only for a request that writes", async () => {
    const { app, lines } = serverAt('warn');
    await app.ready();
    const child = vi.spyOn(app.log, 'child');
    await app.inject('/quiet');
    await app.inject('/health');
    expect(child).not.toHaveBeenCalled();
    await app.inject('/writes');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines()).toHaveLength(1);
  });
});
