import type { Account } from './accounts';
import type { ServerConfig } from './config';
import type { Db } from './db';
import type { Crumbs } from './security/crumb';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    crumbs: Crumbs;
    settings: ServerConfig;
  }
  interface FastifyRequest {
    /** The signed-in account, or null for a visitor. */
    account: Account | null;
  }
  interface FastifyContextConfig {
    /** false: the route does not need a crumb (image pixels, pages). */
    crumb?: boolean;
  }
}
