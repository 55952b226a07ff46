import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { canOpenConfig } from '../accounts';
import { ensureCrumb } from '../plugins/crumb';
import { builtOwnerAppDir, ownerAppChunks } from '../build-chunks';
import { serveStoredChunks } from '../stored-chunk-route';

/** Part 2 §2: upgrade a trial plan; change plan. */
export const PLAN_PATHS = ['/settings/billing/billing/upgrade', '/settings/billing/billing/website/change-plan'] as const;

const previewDir = (app: FastifyInstance) => builtOwnerAppDir(app.settings.rootDir);

/** Sends one of the owner app's built HTML pages (`fill` may complete it), or a clear 503 when it was not built. */
export async function sendPreviewPage(app: FastifyInstance, reply: FastifyReply, file: string, fill: (html: string) => string = (html) => html) {
  let html: string;
  try {
    html = await fs.readFile(path.join(previewDir(app), file), 'utf8');
  } catch {
    return reply.code(503).type('text/plain').send(`The owner app is not built: run "npm run build" (missing dist/preview/${file}).`);
  }
  return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(fill(html));
}

/**
 * The owner config app at /config/: signed-in accounts other than viewer-only ones get the
 * app; anyone else goes to /login and comes back afterwards.
 */
export default async function previewRoutes(app: FastifyInstance): Promise<void> {
  // A chunk of another build (an owner who kept the app open across an upgrade): from the database.
  await serveStoredChunks(app, ownerAppChunks(app.settings.rootDir));
  await app.register(fastifyStatic, {
    root: previewDir(app),
    prefix: '/config/',
    index: false,
    wildcard: true,
    decorateReply: false,
    allowedPath: (pathname) => !pathname.endsWith('.html'),
  });

  const page = async (request: import('fastify').FastifyRequest, reply: FastifyReply) => {
    ensureCrumb(app, request, reply);
    if (!canOpenConfig(request.account)) {
      return reply.redirect(`/login?next=${encodeURIComponent(request.url)}`, 302);
    }
    void reply.header('X-Frame-Options', 'SAMEORIGIN');
    return sendPreviewPage(app, reply, 'index.html');
  };
  app.get('/config/', page);
  app.get('/config', page);
  // Part 2 §2: the plan pages of a trial site; the owner app answers them with its plan panel.
  for (const path of PLAN_PATHS) app.get(path, page);
}
