import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import { builtChunkExists, CHUNK_NAME, readStoredChunk, storeBuiltChunks, type ChunkEncoding } from './runtime-chunks';

const CHUNK_PATH = '/runtime/chunks/';

/** Headers of a chunk, as the static files send them: immutable, for any origin. */
export const CHUNK_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Stores this build's runtime chunks (before the server listens), and answers a request for a
 * chunk this build lacks from those stored by instances of other builds (runtime-chunks.ts).
 * The hook covers the routes of the plugin that calls it: `/runtime/*` among them.
 */
export async function serveStoredChunks(app: FastifyInstance, runtimeDir: string): Promise<void> {
  await storeBuiltChunks(app.storage, runtimeDir);
  app.addHook('onRequest', async (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.url.startsWith(CHUNK_PATH)) return;
    const name = request.url.slice(CHUNK_PATH.length).split('?')[0]!;
    if (!CHUNK_NAME.test(name) || (await builtChunkExists(runtimeDir, name))) return;
    const wanted = negotiate<ChunkEncoding>(String(request.headers['accept-encoding'] ?? ''), ['br', 'gzip', 'identity']) ?? 'identity';
    const chunk = await readStoredChunk(app.storage, name, wanted);
    if (!chunk) return;
    reply
      .type('application/javascript; charset=utf-8')
      .header('Cache-Control', CHUNK_CACHE_CONTROL)
      .header('Access-Control-Allow-Origin', '*')
      .header('Vary', 'Accept-Encoding');
    if (chunk.encoding !== 'identity') reply.header('Content-Encoding', chunk.encoding);
    // Node leaves the body out of an answer to HEAD.
    return reply.send(chunk.body);
  });
}
