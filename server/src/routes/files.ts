/**
 * Owner files (spec part 2 §1, §5, §8): upload (the raw bytes, up to 20 MB), replace, rename,
 * delete, served under /s/; images get a processing job that makes the responsive widths. The
 * bytes are in the database (files/contents.ts), so every instance serves every file.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import parseRange from 'range-parser';
import { deleteFileRow, findFile, listFiles, renameFileRow, storeFile, type FileRow } from '../repositories/files';
import { IMAGE_EXTENSIONS, IMAGE_WIDTHS, MAX_FILE_BYTES, cleanFileName, extensionOf, fileProblem, fileTypeOf } from '../../../contract/model/files';
import { PLEASE_ENTER_FILE_NAME, RENAME_PROBLEM, UNABLE_TO_LOCATE_CONTENT, unsupportedFileType } from '../../../contract/model/editor-messages';
import { contentKey, contentSize, dropIfUnused, readContent, readContentPart, saveContent, widthKey, withContentLocks } from '../files/contents';
import { crumbQuery } from '../schemas';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import type { FileRenamedAnswer, FilesAnswer, OwnerFile } from '../../../contract/api/owner-answers';

const nameParams = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1, maxLength: 120 } } } as const;

const toJson = (row: FileRow): OwnerFile => ({ name: row.name, url: `/s/${row.name}`, type: row.type, size: row.size, widths: JSON.parse(row.widths_json) as number[], updatedAt: new Date(row.updated_at).toISOString() });

export default async function fileRoutes(app: FastifyInstance): Promise<void> {
  const store = app.storage;
  const row = (name: string) => findFile(store, name);
  const jobs = app.imageJobs;

  // The upload's body is the file itself, whatever its type.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_FILE_BYTES + 1 }, (_request, body, done) => done(null, body));

  app.get(OWNER_PATHS.files, { schema: { querystring: crumbQuery } }, async (): Promise<FilesAnswer> => ({
    files: (await listFiles(store)).map(toJson),
  }));

  app.put(
    OWNER_PATHS.file,
    {
      bodyLimit: MAX_FILE_BYTES + 1,
      schema: { querystring: { type: 'object', properties: { ...crumbQuery.properties, replace: { type: 'boolean', default: false } } }, params: nameParams },
    },
    async (request, reply) => {
      const raw = (request.params as { name: string }).name;
      const body = request.body;
      const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      const problem = fileProblem(raw, bytes.length);
      const name = cleanFileName(raw);
      const type = fileTypeOf(name);
      if (problem || !type) return reply.code(problem === PLEASE_ENTER_FILE_NAME ? 400 : bytes.length > MAX_FILE_BYTES ? 413 : 415).send({ error: problem ?? unsupportedFileType(raw) });
      const exists = await row(name);
      if (exists && !(request.query as { replace: boolean }).replace) return reply.code(409).send({ error: `A file named ${name} already exists. Replace it or choose another name.` });
      // The bytes and the row together; the bytes a replaced file had go unless another file has them.
      const key = contentKey(bytes);
      await withContentLocks(store, [key, exists?.content_key], async (trx) => {
        await saveContent(trx, key, bytes);
        await storeFile(trx, name, type, bytes.length, key);
        if (exists?.content_key !== key) await dropIfUnused(trx, exists?.content_key ?? null);
      });
      const job = IMAGE_EXTENSIONS.includes(extensionOf(name)) ? await jobs.enqueue(name) : null;
      return { file: toJson((await row(name))!), jobId: job?.id ?? null };
    },
  );

  app.post(
    OWNER_PATHS.fileRename,
    { schema: { querystring: crumbQuery, params: nameParams, body: { type: 'object', required: ['to'], properties: { to: { type: 'string', maxLength: 120 } } } } },
    async (request, reply) => {
      const from = (request.params as { name: string }).name;
      const to = cleanFileName((request.body as { to: string }).to);
      if (!(await row(from))) return reply.code(404).send({ error: UNABLE_TO_LOCATE_CONTENT });
      if (!to) return reply.code(400).send({ error: PLEASE_ENTER_FILE_NAME });
      if (extensionOf(to) !== extensionOf(from) || (to !== from && (await row(to)))) return reply.code(400).send({ error: RENAME_PROBLEM });
      await renameFileRow(store, from, to);
      return { file: toJson((await row(to))!) } satisfies FileRenamedAnswer;
    },
  );

  // Only a file of exactly this name (a row's name is always a clean one, so it is a safe path).
  app.delete(OWNER_PATHS.file, { schema: { querystring: crumbQuery, params: nameParams } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const file = await row(name);
    if (!file) return reply.code(404).send({ error: UNABLE_TO_LOCATE_CONTENT });
    await withContentLocks(store, [file.content_key], async (trx) => {
      await deleteFileRow(trx, file.name);
      await dropIfUnused(trx, file.content_key);
    });
    return {};
  });

  const jobParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } } as const;
  const jobJson = async (reply: FastifyReply, id: string, cancel = false) => {
    const job = cancel ? await jobs.cancel(id) : await jobs.find(id);
    return job ?? reply.code(404).send({ error: UNABLE_TO_LOCATE_CONTENT });
  };
  app.get(OWNER_PATHS.job, { schema: { querystring: crumbQuery, params: jobParams } }, async (request, reply) => jobJson(reply, (request.params as { id: string }).id));
  app.delete(OWNER_PATHS.job, { schema: { querystring: crumbQuery, params: jobParams } }, async (request, reply) => jobJson(reply, (request.params as { id: string }).id, true));

  // Visitors: /s/{name}; an image's width with ?format=500w (the image loader's query format).
  app.get('/s/:name', { schema: { params: nameParams } }, async (request, reply) => {
    const { name } = request.params as { name: string };
    const file = await row(name);
    if (!file) return reply.callNotFound();
    const format = /^(\d+)w$/.exec(String((request.query as Record<string, unknown>).format ?? ''))?.[1];
    const widths = JSON.parse(file.widths_json) as number[];
    const wanted = format ? Number(format) : null;
    const width = wanted && IMAGE_WIDTHS.includes(wanted as (typeof IMAGE_WIDTHS)[number]) && widths.includes(wanted) ? wanted : null;
    const key = file.content_key && (width ? widthKey(file.content_key, width) : file.content_key);
    // The same address may answer other bytes later (a replaced file): the key says which these are.
    const etag = key && `"${key}"`;
    if (etag && request.headers['if-none-match'] === etag) return reply.code(304).header('ETag', etag).header('Cache-Control', 'public, max-age=60').send();
    // A part of the file (Safari asks for audio this way, and any player to seek): one range, else
    // the whole. Only a range needs the size first; a whole file is one read.
    const asksRange = !!request.headers.range && (!request.headers['if-range'] || request.headers['if-range'] === etag);
    const size = asksRange && key ? await contentSize(store, key) : null;
    const range = size !== null ? parseRange(size, request.headers.range!, { combine: true }) : null;
    if (range === -1) return reply.code(416).header('Accept-Ranges', 'bytes').header('Content-Range', `bytes */${size}`).send();
    const part = Array.isArray(range) && range.type === 'bytes' && range.length === 1 ? range[0]! : null;
    const bytes = key ? await (part ? readContentPart(store, key, part.start, part.end) : readContent(store, key)) : null;
    // A file from before the database kept them whose bytes no instance has moved in yet.
    if (!bytes) {
      request.log.warn({ file: file.name }, 'A listed file has no bytes in the database: it was in another instance\'s DATA_DIR/files before the upgrade; start that instance to move it in.');
      return reply.callNotFound();
    }
    if (part) reply.code(206).header('Content-Range', `bytes ${part.start}-${part.end}/${size}`);
    return reply
      .type(file.type)
      .header('ETag', etag)
      .header('Accept-Ranges', 'bytes')
      .header('X-Content-Type-Options', 'nosniff')
      // Uploaded files never run as part of the site.
      .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .header('Cache-Control', 'public, max-age=60')
      .send(bytes);
  });
}
