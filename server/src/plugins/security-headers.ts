import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** This response's CSP nonce: site pages put it on their own <script> tags. */
    cspNonce: string;
  }
}

/**
 * Hosts a site page may load from: the embeds and widgets the blocks use (video players,
 * scheduling and reservation widgets, Google Maps and Fonts, Typekit). Scripts from them load
 * through the runtime, which gives each its page's nonce.
 */
const EMBED_FRAMES = ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com', 'https://app.acuityscheduling.com', 'https://www.exploretock.com', 'https://widget.zola.com', 'https://www.google.com'];
const STYLE_HOSTS = ['https://fonts.googleapis.com', 'https://use.typekit.net'];
const FONT_HOSTS = ['https://fonts.gstatic.com', 'https://use.typekit.net'];

/**
 * The site pages' policy: scripts only from the site itself or carrying this response's nonce
 * (no inline script without it, no eval); styles may be inline (themes and owner HTML use style
 * attributes); framed only by the site itself (the owner app).
 */
export function sitePolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'unsafe-inline' ${STYLE_HOSTS.join(' ')}`,
    `font-src 'self' data: ${FONT_HOSTS.join(' ')}`,
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    `frame-src 'self' ${EMBED_FRAMES.join(' ')}`,
    "connect-src 'self' https://maps.googleapis.com",
    // No data: workers (the captcha solves on the page, Trusted Types or not); blob: left to embeds that start their own.
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** Everything else (the owner app, the sign-in page, JSON): the site itself only, never framed elsewhere. */
export const APP_POLICY = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; frame-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'";

/**
 * Puts the nonce on every script tag of a page the server itself assembled (trusted HTML),
 * except JSON data blocks, which never run.
 */
export function withScriptNonce(html: string, nonce: string): string {
  return html.replace(/<script(?![^>]*\snonce=)(?![^>]*\stype="application\/(?:ld\+)?json")(?=[\s>])/gi, `<script nonce="${nonce}"`);
}

/**
 * Headers on every answer: no MIME sniffing, a referrer policy, a Content-Security-Policy (a
 * route that set its own, like uploaded files' sandbox, keeps it), and no framing by other sites.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.cspNonce = randomBytes(16).toString('base64');
  });
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (!reply.hasHeader('Referrer-Policy')) reply.header('Referrer-Policy', REFERRER_POLICY);
    if (!reply.hasHeader('Content-Security-Policy')) {
      const isSitePage = String(reply.getHeader('content-type') ?? '').startsWith('text/html') && !request.url.startsWith('/config') && !request.url.startsWith('/login');
      reply.header('Content-Security-Policy', isSitePage ? sitePolicy(request.cspNonce) : APP_POLICY);
    }
  });
}
