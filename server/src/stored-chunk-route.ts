import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import { CHUNK_NAME, chunkKey, readStoredChunk, storeBuiltChunks, type ChunkEncoding, type ChunkFolder } from './build-chunks';

/** A chunk's Cache-Control: its name changes with its content, so it never changes. */
export const CHUNK_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Stores this build's chunks of `folder` (before the server listens), and answers a request
 * for a chunk this build lacks from those stored by instances of other builds
 * (build-chunks.ts). The hook covers the routes of the plugin that calls it: the static
 * files' among them.
 */
export async function serveStoredChunks(app: FastifyInstance, folder: ChunkFolder): Promise<void> {
  // The build does not change under a running server (a new release is a folder of its own):
  // its own chunks, listed once, go to the static files without a look in the database.
  const own = new Set((await storeBuiltChunks(app.storage, folder)).files);
  app.addHook('onRequest', async (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.url.startsWith(folder.url)) return;
    const file = request.url.slice(folder.url.length).split('?')[0]!;
    if (own.has(file) || !CHUNK_NAME.test(file)) return;
    const wanted = negotiate<ChunkEncoding>(String(request.headers['accept-encoding'] ?? ''), ['br', 'gzip', 'identity']) ?? 'identity';
    const chunk = await readStoredChunk(app.storage, chunkKey(folder, file), wanted);
    // Not stored either: the static files answer (a file on the disk, else not found).
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
