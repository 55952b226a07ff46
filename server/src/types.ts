import type { Account } from './accounts';
import type { SiteUser } from './members';
import type { ServerConfig } from './config';
import type { Crumbs } from './security/crumb';
import type { Storage } from './storage/open';
import type { JobQueue } from './files/jobs';
import type { WriteBuffer } from './ingest/buffer';
import type { ServerMetrics } from './plugins/metrics';
import type { OwnerMail } from './plugins/mail';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database through Kysely, on SQLite or PostgreSQL (repositories use it). */
    storage: Storage;
    /** Image processing jobs, shared by every instance on the database. */
    imageJobs: JobQueue;
    /** Batched writes of visitor data (census, analytics, errors). */
    ingest: WriteBuffer;
    crumbs: Crumbs;
    settings: ServerConfig;
    /** Counts for /metrics (plugins/metrics.ts). */
    metrics: ServerMetrics;
    /** The owner's notices by mail; null without SMTP_URL (plugins/mail.ts). */
    mail: OwnerMail | null;
  }
  interface FastifyRequest {
    /** The signed-in account, or null for a visitor. */
    account: Account | null;
    /** The signed-in site member (spec part 2 §7), or null. */
    siteUser: SiteUser | null;
  }
  interface FastifyContextConfig {
    /** false: the route does not need a crumb (image pixels, pages). */
    crumb?: boolean;
    /** true: visitor data (census, analytics, errors, performance, cart changes), limited per address (VISITOR_DATA_PER_MINUTE). */
    visitorData?: boolean;
  }
}
