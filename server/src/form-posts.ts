/**
 * Plain HTML forms the server's pages post outside /api/ (checkout, member sign-in, reviews),
 * which work without the runtime: the crumb travels in the body, and every field is checked
 * here before anything reads it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sameOriginPath } from '../../contract/url/safe-path';

/** A form post carries the crumb in its body, matching the visitor's crumb cookie. */
export function formCrumbValid(app: FastifyInstance, request: FastifyRequest): boolean {
  const sent = (request.body as Record<string, unknown> | undefined)?.crumb;
  return app.crumbs.valid(sent) && sent === request.cookies.crumb;
}

/** A posted field's text, or '' when it is missing, not text, or longer than `max`. */
export const formValue = (value: unknown, max: number): string => (typeof value === 'string' && value.length <= max ? value : '');

/** A form's `next`: the page on this site to go back to (a path with its query), else `fallback`. */
export const formNextPath = (body: Record<string, unknown>, fallback = '/'): string => sameOriginPath(formValue(body.next, 2048), 'http://site.invalid', fallback);
