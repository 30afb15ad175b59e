// Answers compressed in the encoding the browser accepts, brotli first: JSON and text as they are
// sent (@fastify/compress), the web app's page here. The web app's files are not compressed per
// request: the build wrote their compressed copies (scripts/lib/precompress.mjs), sent as they are.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyCompressOptions } from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Preferred first. Every browser accepts both. */
const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];
/** A smaller answer fits in a packet or two as it is. */
const MIN_BYTES = 1024;
/**
 * Brotli while a request waits: at quality 4 it takes about the CPU of gzip's default level and is
 * still smaller; each quality above costs markedly more for a few percent less, and zlib's default
 * (11, what the build uses) takes tens of times as long.
 */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

export const compressOptions: FastifyCompressOptions = {
  encodings: ENCODINGS,
  threshold: MIN_BYTES,
  brotliOptions: BROTLI_OPTIONS,
  // JSON and text (never an event stream) only: pictures and videos are compressed already, and a
  // file of unknown type (octet-stream) may be too.
  customTypes: /^(?:application\/(?:[\w.-]+\+)?json|text\/(?!event-stream))/,
  // Request bodies are read as sent, never inflated: the body limit bounds what a request can make
  // the process hold.
  globalDecompression: false,
};

/**
 * Sends a page compressed as the browser accepts it (from MIN_BYTES, like every other answer). It is
 * written for each request (its nonce), so there is no copy from the build to send.
 */
export function sendCompressed(request: FastifyRequest, reply: FastifyReply, page: string) {
  reply.header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding =
    accepted && Buffer.byteLength(page) >= MIN_BYTES ? negotiate(accepted.toLowerCase(), ENCODINGS) : null;
  if (encoding === 'br')
    return reply.header('content-encoding', 'br').send(brotliCompressSync(page, BROTLI_OPTIONS));
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(page));
  return reply.send(page);
}
