import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { seedAccount, type SeedResult } from './accounts';
import type { ServerConfig } from './config';
import { setting } from './db';
import { migratedMessage, openStorage } from './storage/open';
import { startJobQueue } from './files/jobs';
import { importDiskFiles } from './files/contents';
import { setFileWidths } from './repositories/files';
import { createWriteBuffer } from './ingest/buffer';
import { storePerformanceRecords } from './ingest/performance-rollups';
import { rollUpErrors, rollUpHits, rollUpLandings } from './ingest/rollups';
import { siteDay } from './site-day';
import { ownerAppChunks, runtimeChunks } from './build-chunks';
import path from 'node:path';
import { registerBodyParsers, registerFiniteNumbers } from './plugins/body-parsers';
import { registerCrumbCheck, registerCrumbRoute } from './plugins/crumb';
import { registerSiteOrigins } from './plugins/site-origins';
import { registerHousekeeping } from './plugins/housekeeping';
import { registerOwnerGuard } from './plugins/owner-guard';
import { answerUnroutable, registerErrorHandling } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerSession } from './plugins/session';
import { registerUntrustedProxyHint } from './plugins/proxy-hint';
import { registerVisitorDataLimit } from './plugins/visitor-data-limit';
import { registerMetrics } from './plugins/metrics';
import { registerSlowAnswerLog } from './plugins/slow-answers';
import { startOwnerMail } from './plugins/mail';
import authRoutes from './routes/auth';
import healthRoutes from './routes/health';
import censusRoutes from './routes/census';
import trackingRoutes from './routes/tracking';
import analyticsRoutes from './routes/analytics';
import errorRoutes from './routes/errors';
import performanceRoutes from './routes/performance';
import formRoutes from './routes/forms';
import ownerRoutes from './routes/owner';
import ownerMemberRoutes from './routes/owner-members';
import ownerMailRoutes from './routes/owner-mail';
import ownerPasswordRoutes from './routes/owner-password';
import ownerPasswordResetRoutes from './routes/owner-password-reset';
import loginPageRoutes from './routes/login-page';
import placesRoutes from './routes/places';
import previewRoutes from './routes/preview';
import siteRoutes from './routes/site';
import demoImageRoutes from './routes/demo-images';
import widgetRoutes from './routes/widgets';
import cartRoutes from './routes/cart';
import checkoutRoutes from './routes/checkout';
import reviewRoutes from './routes/reviews';
import newsletterRoutes from './routes/newsletter';
import memberRoutes from './routes/members';
import memberPasswordRoutes from './routes/member-password';
import consentFormRoutes from './routes/consent-form';
import datasetRoutes from './routes/datasets';
import editingRoutes from './routes/editing';
import blockRoutes from './routes/blocks';
import fileRoutes from './routes/files';
import announcementRoutes from './routes/announcement';
import pageRoutes from './routes/pages';
import fontRoutes from './routes/fonts';
import codeInjectionRoutes from './routes/code-injection';
import { seedMember } from './members';
import { createCrumbs } from './security/crumb';
import { randomBytes } from 'node:crypto';
import { WebsiteRole } from '../../contract/model/roles';
import './types';
import { REQUEST_ID_HEADER, requestIdGenerator } from './request-id';
import { requestForLog } from './request-log';
import { checkSiteFolder } from './site-files';

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Answers smaller than this are sent uncompressed: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * A request must have arrived whole within this (Node's own default, which Fastify turns off):
 * a client that trickles a body cannot hold a connection for ever. Long enough for a 20 MB
 * upload at about half a megabit.
 */
export const REQUEST_TIMEOUT_MS = 300_000;

/** Request bodies above this are refused with 413 before they are read. */
export const BODY_LIMIT_BYTES = 256 * 1024;

/** A registered route (method and URL pattern), as the route fuzzing test walks them. */
export interface RouteSummary {
  method: string;
  url: string;
  /** The route's body schema, which the fuzzing test shapes its bodies after. */
  bodySchema?: unknown;
}

export interface App {
  app: FastifyInstance;
  seeded: SeedResult[];
  routes: RouteSummary[];
}

/** Builds the server: database → cookies, crumb and session → routes. Tests use `inject`. */
export async function buildApp(config: ServerConfig): Promise<App> {
  // A missing site folder or a broken file in it stops the start here, before the database is touched.
  await checkSiteFolder(config.siteDir);
  // A dataset cell is text, a number or null: a union type, which Ajv's strict mode accepts
  // only when told (else it warns at every start); anyOf would coerce null to 0 in its branch.
  const ajv = { customOptions: { allowUnionTypes: true } };
  // JSON lines to stdout (pino): start-up, every 5xx with its stack; one line per request only
  // when asked (LOG_REQUESTS). Behind a proxy, TRUST_PROXY says whose forwarded address and
  // scheme to believe: rate limits then key on the visitor, and cookies get Secure over HTTPS.
  const app = Fastify({
    logger: config.logger ? { level: 'info', serializers: { req: requestForLog }, ...(config.logStream ? { stream: config.logStream } : {}) } : false,
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    // A hop count as proxy-addr reads it (the types know no number): the nearest n hops are proxies.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    genReqId: requestIdGenerator(config.trustProxy),
    frameworkErrors: answerUnroutable,
    ajv,
    // After SIGTERM, a request on a connection accepted before the listener closed is answered
    // as usual (with Connection: close): Fastify's default 503 refused visitors mid-restart.
    return503OnClosing: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  const storage = await openStorage({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    lockTimeoutMs: config.databaseLockTimeoutMs,
    onIdleConnectionError: (error) => app.log.warn({ err: error }, 'A database connection broke while idle (the database restarted?); the next request opens a new one.'),
    onMigrated: (names) => app.log.info({ migrations: names }, migratedMessage(names)),
  });
  app.decorate('storage', storage);
  // Files uploaded before the database kept them move in from this instance's DATA_DIR/files.
  const filesDir = path.join(config.dataDir, 'files');
  const moved = await importDiskFiles(storage, filesDir);
  const files = (n: number) => `${n} uploaded file${n === 1 ? '' : 's'}`;
  if (moved.moved.length) app.log.info({ files: moved.moved.length }, `Moved ${files(moved.moved.length)} from ${filesDir} into the database; once every instance runs this version, that folder is no longer read.`);
  if (moved.missing.length) app.log.warn({ files: moved.missing.slice(0, 20) }, `${files(moved.missing.length)} listed but not in ${filesDir}: each answers 404 until the instance that has it starts this version and moves it in.`);
  // This instance's image worker takes jobs from the shared table, whichever instance took the upload.
  const imageJobs = startJobQueue(storage, {
    onDone: (name, key, widths) => setFileWidths(storage, name, key, widths),
    onError: (error, message) => app.log.error({ err: error }, message),
    onRecovered: (message) => app.log.info(message),
    failingPollMs: config.imageWorkerRetryMs,
  });
  app.decorate('imageJobs', imageJobs);
  // Visitor data goes to the database in batches, rolled up by the site's day as it is written.
  const ingest = createWriteBuffer(storage, {
    dayOf: () => siteDay(app),
    writers: { performance_records: (trx, rows, dayOf) => storePerformanceRecords(trx, storage.engine, rows, dayOf) },
    afterInsert: (trx, table, rows, dayOf) =>
      table === 'census_hits' ? rollUpHits(trx, rows as never, dayOf)
      : table === 'js_errors' ? rollUpErrors(trx, rows as never, dayOf)
      : table === 'track_hits' ? rollUpLandings(trx, rows as never, dayOf)
      : Promise.resolve(),
  });
  app.decorate('ingest', ingest);
  app.decorate('settings', config);
  const mail = config.mail ? startOwnerMail(app, config.mail) : null;
  app.decorate('mail', mail);
  app.decorate('crumbs', createCrumbs(await setting(storage, 'crumbSecret', () => randomBytes(32).toString('base64url'))));
  app.addHook('onClose', async () => {
    await ingest.drain();
    await Promise.all([imageJobs.stop(), mail?.stop()]);
    await storage.close();
  });
  const routes: RouteSummary[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, bodySchema: route.schema?.body });
  });

  registerMetrics(app, config.metricsToken ?? null);
  registerSlowAnswerLog(app, config.slowAnswerMs);
  registerBodyParsers(app);
  registerFiniteNumbers(app);
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  registerUntrustedProxyHint(app, config.trustProxy);
  // Text goes compressed, brotli or gzip as the browser accepts (before the static files, which
  // it must wrap): sent as they were, the runtime's script and stylesheets shared a phone's
  // bandwidth with the page's own stylesheet and held its first paint back. API answers under
  // 1 KB (a census call's) go as they are (files stream, and always go compressed); request bodies are not inflated (the body limit counts what
  // arrives).
  await app.register(fastifyCompress, { threshold: COMPRESS_FROM_BYTES, encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(fastifyCookie);
  await registerSiteOrigins(app);
  registerSession(app);
  registerCrumbCheck(app);
  registerCrumbRoute(app);
  registerOwnerGuard(app);
  await registerVisitorDataLimit(app, config.visitorDataPerMinute);
  registerHousekeeping(app, [runtimeChunks(config.rootDir), ownerAppChunks(config.rootDir)]);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(loginPageRoutes);
  await app.register(formRoutes);
  await app.register(censusRoutes);
  await app.register(trackingRoutes);
  await app.register(analyticsRoutes);
  await app.register(errorRoutes);
  await app.register(performanceRoutes);
  await app.register(ownerRoutes);
  await app.register(ownerMemberRoutes);
  await app.register(ownerMailRoutes);
  await app.register(ownerPasswordRoutes);
  await app.register(ownerPasswordResetRoutes);
  await app.register(placesRoutes);
  await app.register(previewRoutes);
  await app.register(widgetRoutes);
  await app.register(demoImageRoutes);
  await app.register(cartRoutes);
  await app.register(checkoutRoutes);
  await app.register(reviewRoutes);
  await app.register(newsletterRoutes);
  await app.register(memberRoutes);
  await app.register(memberPasswordRoutes);
  await app.register(consentFormRoutes);
  await app.register(datasetRoutes);
  await app.register(editingRoutes);
  await app.register(blockRoutes);
  await app.register(fileRoutes);
  await app.register(announcementRoutes);
  await app.register(pageRoutes);
  await app.register(fontRoutes);
  await app.register(codeInjectionRoutes);
  await app.register(siteRoutes);

  // Each seed hashes its password (scrypt, in libuv's thread pool): side by side, a start waits for one hash, not three.
  const seeded = await Promise.all([
    seedAccount(storage, config.owner.email, config.owner.password, [WebsiteRole.ADMIN], 'owner (ADMIN)'),
    seedAccount(storage, config.viewer.email, config.viewer.password, [WebsiteRole.VIEWER], 'viewer (VIEWER)'),
    seedMember(storage, config.member.email, config.member.password),
  ]);
  return { app, seeded, routes };
}
