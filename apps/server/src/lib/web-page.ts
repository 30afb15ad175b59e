// The web app's page (index.html), served for every address of the app with this request's nonces
// written in: the Content-Security-Policy admits only the style elements and the one inline script
// (the early session restore) that carry them.
//
// One page is different: the terms editor (TinyMCE) cannot work without inline styles — its authors
// say `style-src 'unsafe-inline'` is required — so the editor's addresses get that, and no nonce (a
// nonce would make browsers ignore 'unsafe-inline'; the page says 'inline' where the nonce goes). The
// app opens the editor with a full page load, and the editor reloads itself when it finds itself in a
// page served under the strict policy, so the rest of the app is never served under the looser one.
// Only administrators reach it.
import { readFileSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendCompressed } from './compression.js';

/** What index.html holds where each page's style nonce goes (apps/web/index.html). */
const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';
/** Where its inline script's nonce goes. */
const CSP_SCRIPT_NONCE_PLACEHOLDER = '__CSP_SCRIPT_NONCE__';
/** Written instead of a nonce on the editor's page: the app then knows inline styles are allowed. */
const INLINE_STYLES_MARK = 'inline';
/** The terms editor's addresses (apps/web/src/features/terms/routes.tsx). */
const EDITOR_PAGE = /^\/terms-conditions\/[^/?#]+/;

/** The policy with inline styles allowed (and pictures pasted into the editor, as data: URLs). */
function editorPolicy(policy: string): string {
  return policy
    .split(';')
    .map((directive) => {
      const [name] = directive.trim().split(/\s+/);
      if (name === 'style-src') return "style-src 'self' 'unsafe-inline'";
      if (name === 'img-src') return `${directive.trim()} data:`;
      return directive;
    })
    .join(';');
}

export function createPageSender(indexHtml: string) {
  const template = readFileSync(indexHtml, 'utf8');
  return (request: FastifyRequest, reply: FastifyReply) => {
    const policy = reply.getHeader('content-security-policy');
    const editor = EDITOR_PAGE.test(request.url) && typeof policy === 'string';
    if (editor) reply.header('content-security-policy', editorPolicy(policy));
    const mark = editor ? INLINE_STYLES_MARK : (reply.cspNonce?.style ?? '');
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    const page = template
      .replaceAll(CSP_SCRIPT_NONCE_PLACEHOLDER, reply.cspNonce?.script ?? '')
      .replaceAll(CSP_NONCE_PLACEHOLDER, mark);
    return sendCompressed(request, reply, page);
  };
}
