import { fileURLToPath } from 'node:url';
import path from 'node:path';

export interface AccountSeed {
  email: string;
  /** Absent: the server generates one and prints it in the start banner. */
  password: string | null;
}

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  /** The repository root: `examples/` and `dist/` are found below it. */
  rootDir: string;
  /** The page context's `env`; null: chosen by the request's host name (spec part 1 §9). */
  siteEnv: string | null;
  owner: AccountSeed;
  viewer: AccountSeed;
  /** A site member (site user) for the members-only pages. */
  member: AccountSeed;
  /** Successful submissions per visitor (crumb cookie) and form within 10 minutes before 429. */
  formRateLimit: number;
  /** Successful submissions per client address and form within 10 minutes (dropping the cookie does not reset it). */
  formAddressRateLimit: number;
  /** Form submission keys per client address within 10 minutes. */
  formKeyRateLimit: number;
  /** ALTCHA work: the counter is drawn from this range (tests make it small). */
  captchaDifficulty: { min: number; max: number };
  /** Log requests (off in tests). */
  logger: boolean;
  /**
   * Origins of sites on other hosts that this server answers (SITE_ORIGINS, comma-separated):
   * CORS with credentials, and their calls are accepted. The server's own origin always is.
   */
  siteOrigins: string[];
}

/** dist/server/main.js and server/src/config.ts both sit two folders below the root. */
const defaultRoot = () => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a whole number from 0 to 65535, not "${value}"`);
  return port;
}

/** `https://a.example, http://127.0.0.1:8081` → origins; anything else stops the start with a clear message. */
export function parseSiteOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      let url: URL | null = null;
      try {
        url = new URL(item);
      } catch {
        /* reported below */
      }
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== item.replace(/\/$/, '')) {
        throw new Error(`SITE_ORIGINS must list http(s) origins (scheme, host and port, no path), not "${item}"`);
      }
      return url.origin;
    });
}

function positive(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const rootDir = overrides.rootDir ?? env.ROOT_DIR ?? defaultRoot();
  return {
    host: env.HOST || '127.0.0.1',
    port: parsePort(env.PORT),
    dataDir: path.resolve(env.DATA_DIR || path.join(rootDir, 'data')),
    rootDir,
    siteEnv: env.SITE_ENV || null,
    owner: { email: env.OWNER_EMAIL || 'owner@example.com', password: env.OWNER_PASSWORD || null },
    viewer: { email: env.VIEWER_EMAIL || 'viewer@example.com', password: env.VIEWER_PASSWORD || null },
    member: { email: env.MEMBER_EMAIL || 'member@example.com', password: env.MEMBER_PASSWORD || null },
    logger: env.LOG_REQUESTS === '1',
    formRateLimit: positive(env.FORM_RATE_LIMIT, 5),
    formAddressRateLimit: positive(env.FORM_ADDRESS_RATE_LIMIT, 10),
    formKeyRateLimit: positive(env.FORM_KEY_RATE_LIMIT, 60),
    captchaDifficulty: { min: 5_000, max: 10_000 },
    siteOrigins: parseSiteOrigins(env.SITE_ORIGINS),
    ...overrides,
  };
}
