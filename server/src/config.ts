import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import envSchema from 'env-schema';
import { PASSWORD_MIN } from '../../contract/model/password';
import { parseMailSettings, shownSmtpUrl, type MailSettings } from './mail/settings';
import { hidePassword } from './security/hide-password';

export interface AccountSeed {
  email: string;
  /** Absent: the server generates one and prints it in the start banner. */
  password: string | null;
}

/** Fastify's trustProxy: off, every hop, a hop count, or the proxies' addresses (CIDR allowed). */
export type TrustProxy = boolean | number | string[];

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  /** `postgres://…` (DATABASE_URL): the site's data in PostgreSQL instead of SQLite in dataDir. */
  databaseUrl: string | null;
  /** Connections each instance keeps to PostgreSQL at most (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** Requests refused while the database is away are logged one line per reason per this long (plugins/outage-log.ts; tests make it short). */
  outageLogWindowMs?: number;
  /** Answers slower than this to prepare are logged (plugins/slow-answers.ts; tests make it short). */
  slowAnswerMs?: number;
  /** How long a PostgreSQL statement waits for another session's lock before the request answers 503 (tests make it short). */
  databaseLockTimeoutMs?: number;
  /** How often the image worker tries again while the database does not answer (5 s; tests make it short). */
  imageWorkerRetryMs?: number;
  /** The repository root: `dist/` (the runtime, the owner app) is found below it. */
  rootDir: string;
  /** The site served: pages, site.json, forms.json, collections, products, assets (SITE_DIR). */
  siteDir: string;
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
  /** Visitor-data requests (census, analytics, errors, performance, cart changes) per client address and minute on each instance; 0: no limit. */
  visitorDataPerMinute: number;
  /** ALTCHA work: the counter is drawn from this range (tests make it small). */
  captchaDifficulty: { min: number; max: number };
  /** JSON log lines to stdout (errors and start-up); off in tests. */
  logger: boolean;
  /** Also one log line per request (LOG_REQUESTS=1). */
  logRequests: boolean;
  /** Where the log lines go (stdout unless a test catches them). */
  logStream?: NodeJS.WritableStream;
  /**
   * Origins of sites on other hosts that this server answers (SITE_ORIGINS, comma-separated):
   * CORS with credentials, and their calls are accepted. The server's own origin always is.
   */
  siteOrigins: string[];
  /** Raw visitor rows older than this many days are dropped (RETENTION_DAYS); null keeps them. */
  retentionDays: number | null;
  /** Which proxies to believe about the client's address and scheme (TRUST_PROXY). */
  trustProxy: TrustProxy;
  /** After SIGTERM, how long requests under way may take before their connections are closed (SHUTDOWN_GRACE_SECONDS). */
  shutdownGraceSeconds: number;
  /** The socket systemd passed (LISTEN_FDS): listened on instead of HOST and PORT. */
  passedSocket: PassedSocket | null;
  /**
   * This server's own address (PUBLIC_URL, an origin such as `https://api.example.com`) when the
   * site's pages are on another host: links in mail to the server's pages (the owner app,
   * new-password pages, review pages) start with it; null: with site.json's `website.baseUrl`.
   */
  publicUrl: string | null;
  /** The bearer token `/metrics` answers to (METRICS_TOKEN); null: no /metrics. */
  metricsToken: string | null;
  /** Mail (SMTP_URL, MAIL_FROM, NOTIFY_EMAIL): the owner's notices, buyers' receipts, members' new passwords; null: no mail. */
  mail: MailSettings | null;
  /** The mail sender's clock (tests move it on to retries). */
  mailClock?: () => number;
}

/** dist/server/main.js and server/src/config.ts both sit two folders below the root. */
const defaultRoot = () => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Written as a browser writes an Origin: an http(s) scheme, host and port, nothing after. */
export function isHttpOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

/** `https://a.example, http://127.0.0.1:8081` → origins; anything else stops the start with a clear message. */
export function parseSiteOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const origin = item.replace(/\/$/, '');
      if (!isHttpOrigin(origin)) throw new ConfigError([`SITE_ORIGINS must list http(s) origins (scheme, host and port, no path), not "${item}"`]);
      return origin;
    });
}

/** PUBLIC_URL: an http(s) origin (a trailing slash is let go), else the start stops with a message naming it. */
export function parsePublicUrl(value: string | undefined): string | null {
  const text = (value ?? '').trim().replace(/\/$/, '');
  if (!text) return null;
  if (!isHttpOrigin(text)) throw new ConfigError([`PUBLIC_URL must be this server's address as browsers reach it, an http(s) origin such as https://api.example.com (scheme, host and port, no path), not "${value}"`]);
  return text;
}

/**
 * TRUST_PROXY: `false` (default), `true` (any proxy: only when nothing else can reach the
 * server), a hop count (`1`: the nearest proxy), or the proxies' addresses (`127.0.0.1,10.0.0.0/8`).
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const addresses = text.split(',').map((item) => item.trim()).filter(Boolean);
  const bad = addresses.filter((item) => {
    const [address, bits, extra] = item.split('/');
    const family = isIP(address ?? '');
    if (!family || extra !== undefined) return true;
    return bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  });
  if (bad.length || addresses.length === 0) {
    throw new ConfigError([`TRUST_PROXY must be false, true, a number of proxies, or proxy addresses (CIDR allowed), not "${bad[0] ?? text}"`]);
  }
  return addresses;
}

/** A start refused for bad settings: one line per bad value. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The server's settings are not valid:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * systemd's socket activation (sd_listen_fds(3)): with a `.socket` unit, systemd holds the
 * listening socket and passes it to the server as file descriptor 3 (SD_LISTEN_FDS_START),
 * saying so in LISTEN_FDS and LISTEN_PID. The socket outlives the process, so while the server
 * restarts (an upgrade, a crash) the kernel queues new connections instead of refusing them,
 * and the next process answers them. docs/deployment.md has the units.
 */
export const FIRST_PASSED_FD = 3;

export interface PassedSocket {
  /** The descriptor the server listens on. */
  fd: number;
  /** How many systemd passed: the server takes the first. */
  count: number;
}

/**
 * The socket systemd passed to this process, or null. LISTEN_PID names the process the
 * sockets are for: one a parent passed on without meaning to is not taken.
 */
export function passedSocket(env: NodeJS.ProcessEnv, pid: number = process.pid): PassedSocket | null {
  const fds = env.LISTEN_FDS;
  if (fds === undefined || fds === '') return null;
  if (env.LISTEN_PID !== undefined && env.LISTEN_PID !== '' && Number(env.LISTEN_PID) !== pid) return null;
  const count = Number(fds);
  if (!/^\d+$/.test(fds) || count < 1) throw new ConfigError([`LISTEN_FDS must be a whole number of at least 1 (systemd sets it for a .socket unit), not "${fds}"`]);
  return { fd: FIRST_PASSED_FD, count };
}

const whole = (minimum: number, maximum: number, description: string) => ({ type: 'integer', minimum, maximum, description }) as const;

/** Every setting the server reads from its environment; `description` completes "X must be …". */
const ENV_SCHEMA = {
  type: 'object',
  properties: {
    PORT: whole(0, 65535, 'a whole number from 0 to 65535'),
    HOST: { type: 'string', minLength: 1, description: 'an address to listen on' },
    DATA_DIR: { type: 'string', minLength: 1, description: 'a folder' },
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://', description: 'a postgres:// URL' },
    DATABASE_POOL_SIZE: whole(1, 1000, 'a whole number from 1 to 1000'),
    SITE_DIR: { type: 'string', minLength: 1, description: 'a site folder' },
    ROOT_DIR: { type: 'string', minLength: 1, description: 'a folder' },
    SITE_ENV: { type: 'string', enum: ['dev', 'qa', 'staging', 'prod'], description: 'dev, qa, staging or prod' },
    OWNER_EMAIL: { type: 'string', pattern: '^[^@\\s]+@[^@\\s]+$', description: 'an e-mail address' },
    VIEWER_EMAIL: { type: 'string', pattern: '^[^@\\s]+@[^@\\s]+$', description: 'an e-mail address' },
    MEMBER_EMAIL: { type: 'string', pattern: '^[^@\\s]+@[^@\\s]+$', description: 'an e-mail address' },
    OWNER_PASSWORD: { type: 'string', minLength: PASSWORD_MIN, description: `at least ${PASSWORD_MIN} characters` },
    VIEWER_PASSWORD: { type: 'string', minLength: PASSWORD_MIN, description: `at least ${PASSWORD_MIN} characters` },
    MEMBER_PASSWORD: { type: 'string', minLength: PASSWORD_MIN, description: `at least ${PASSWORD_MIN} characters` },
    FORM_RATE_LIMIT: whole(1, Number.MAX_SAFE_INTEGER, 'a whole number of at least 1'),
    FORM_ADDRESS_RATE_LIMIT: whole(1, Number.MAX_SAFE_INTEGER, 'a whole number of at least 1'),
    FORM_KEY_RATE_LIMIT: whole(1, Number.MAX_SAFE_INTEGER, 'a whole number of at least 1'),
    VISITOR_DATA_PER_MINUTE: whole(0, 1_000_000, 'a whole number from 0 (no limit) to 1000000'),
    LOG_REQUESTS: { type: 'string', enum: ['0', '1', 'true', 'false'], description: '1 or 0' },
    RETENTION_DAYS: whole(1, 100_000, 'a whole number of days, at least 1'),
    SITE_ORIGINS: { type: 'string', description: 'comma-separated origins' },
    TRUST_PROXY: { type: 'string', description: 'false, true, a number of proxies, or proxy addresses' },
    SHUTDOWN_GRACE_SECONDS: whole(0, 3600, 'a whole number of seconds from 0 to 3600'),
    METRICS_TOKEN: { type: 'string', minLength: 16, pattern: '^[\\x21-\\x7e]+$', description: 'at least 16 characters, no spaces (a bearer token)' },
  },
} as const;

type EnvName = keyof (typeof ENV_SCHEMA)['properties'];
type ParsedEnv = Partial<Record<EnvName, string | number>>;

/** A bad value as the start's message quotes it: never a password (the message goes to logs). */
function shownValue(name: EnvName, value: string): string {
  if (name.endsWith('_PASSWORD') || name.endsWith('_TOKEN')) return `the ${[...value].length} characters given`;
  return `"${name === 'DATABASE_URL' ? hidePassword(value) : value}"`;
}

/**
 * DATABASE_URL must read as a URL: a password with `#`, `/` or `?` in it, written as it is,
 * makes it none, and the driver's own error would print it whole, password included.
 */
export function checkDatabaseUrl(value: string | undefined): void {
  if (!value || URL.canParse(value)) return;
  throw new ConfigError([
    'DATABASE_URL must be a URL such as postgres://user:password@host:5432/database, and does not read as one: write a #, /, ? or % in the user name or password as %23, %2F, %3F or %25',
  ]);
}

/** Reads and checks the environment; every bad value is named in one ConfigError. */
function readEnv(env: NodeJS.ProcessEnv): ParsedEnv {
  // An empty variable reads as unset, as a shell's `FOO= node …` means.
  const given = Object.fromEntries(Object.entries(env).filter(([name, value]) => name in ENV_SCHEMA.properties && value !== undefined && value !== ''));
  try {
    return envSchema({ schema: structuredClone(ENV_SCHEMA) as never, data: given, env: false }) as ParsedEnv;
  } catch (error) {
    const issues = (error as { errors?: Array<{ instancePath: string }> }).errors ?? [];
    const problems = [...new Set(issues.map((issue) => issue.instancePath.replace(/^\//, '') as EnvName))].map(
      (name) => `${name} must be ${ENV_SCHEMA.properties[name]?.description ?? 'valid'}, not ${shownValue(name, String(given[name] ?? ''))}`,
    );
    throw new ConfigError(problems.length ? problems : [(error as Error).message]);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const problems: string[] = [];
  const attempt = <T>(read: () => T, fallback: T): T => {
    try {
      return read();
    } catch (error) {
      problems.push(...(error instanceof ConfigError ? error.problems : [String(error)]));
      return fallback;
    }
  };
  const parsed = attempt(() => readEnv(env), {});
  const siteOrigins = attempt(() => parseSiteOrigins(env.SITE_ORIGINS), []);
  const trustProxy = attempt(() => parseTrustProxy(env.TRUST_PROXY), false);
  const publicUrl = attempt(() => parsePublicUrl(env.PUBLIC_URL), null);
  attempt(() => checkDatabaseUrl(env.DATABASE_URL), undefined);
  const socket = attempt(() => passedSocket(env), null);
  const mail = attempt(() => {
    const read = parseMailSettings(env);
    if (read && 'problems' in read) throw new ConfigError(read.problems);
    return read;
  }, null);
  if (problems.length) throw new ConfigError(problems);
  const text = (name: EnvName) => (parsed[name] === undefined ? undefined : String(parsed[name]));
  const count = (name: EnvName, fallback: number) => (typeof parsed[name] === 'number' ? parsed[name] : fallback);
  const rootDir = overrides.rootDir ?? text('ROOT_DIR') ?? defaultRoot();
  return {
    host: text('HOST') ?? '127.0.0.1',
    port: count('PORT', 8080),
    dataDir: path.resolve(text('DATA_DIR') ?? path.join(rootDir, 'data')),
    databaseUrl: text('DATABASE_URL') ?? null,
    databasePoolSize: count('DATABASE_POOL_SIZE', 10),
    rootDir,
    siteDir: path.resolve(text('SITE_DIR') ?? path.join(rootDir, 'examples')),
    siteEnv: text('SITE_ENV') ?? null,
    owner: { email: text('OWNER_EMAIL') ?? 'owner@example.com', password: text('OWNER_PASSWORD') ?? null },
    viewer: { email: text('VIEWER_EMAIL') ?? 'viewer@example.com', password: text('VIEWER_PASSWORD') ?? null },
    member: { email: text('MEMBER_EMAIL') ?? 'member@example.com', password: text('MEMBER_PASSWORD') ?? null },
    logger: true,
    logRequests: text('LOG_REQUESTS') === '1' || text('LOG_REQUESTS') === 'true',
    formRateLimit: count('FORM_RATE_LIMIT', 5),
    formAddressRateLimit: count('FORM_ADDRESS_RATE_LIMIT', 10),
    formKeyRateLimit: count('FORM_KEY_RATE_LIMIT', 60),
    visitorDataPerMinute: count('VISITOR_DATA_PER_MINUTE', 1200),
    captchaDifficulty: { min: 5_000, max: 10_000 },
    siteOrigins,
    trustProxy,
    retentionDays: typeof parsed.RETENTION_DAYS === 'number' ? parsed.RETENTION_DAYS : null,
    shutdownGraceSeconds: count('SHUTDOWN_GRACE_SECONDS', 10),
    passedSocket: socket,
    metricsToken: text('METRICS_TOKEN') ?? null,
    publicUrl,
    mail,
    ...overrides,
  };
}

/** A host and port as a URL writes them: an IPv6 host in brackets (`[::1]:8080`), so that the port does not read as part of it. */
export const hostPort = (host: string, port: number): string => `${host.includes(':') ? `[${host}]` : host}:${port}`;

/** The address the start banner prints, one a browser opens (`http://[::1]:8080`). */
export const listeningUrl = (host: string, port: number): string => `http://${hostPort(host, port)}`;

export { hidePassword };

/** The settings as the start banner prints them: passwords hidden, folders resolved. */
export function effectiveSettings(config: ServerConfig): Record<string, string> {
  const hidden = (seed: AccountSeed) => `${seed.email} (password ${seed.password ? 'from the environment' : 'generated or kept'})`;
  return {
    ...(config.passedSocket ? { LISTEN_FDS: `the socket systemd passed as descriptor ${config.passedSocket.fd} (HOST and PORT are not used)` } : { HOST: config.host, PORT: String(config.port) }),
    SITE_DIR: config.siteDir,
    DATA_DIR: config.dataDir,
    DATABASE: config.databaseUrl ? `${hidePassword(config.databaseUrl)} (up to ${config.databasePoolSize} connections)` : `SQLite in ${config.dataDir}`,
    SITE_ENV: config.siteEnv ?? 'by host name',
    SITE_ORIGINS: config.siteOrigins.join(', ') || 'none',
    PUBLIC_URL: config.publicUrl ?? "website.baseUrl in site.json (the site's pages are on this server)",
    TRUST_PROXY: Array.isArray(config.trustProxy) ? config.trustProxy.join(', ') : String(config.trustProxy),
    LOG_REQUESTS: config.logRequests ? '1' : '0',
    RETENTION_DAYS: config.retentionDays === null ? 'keep everything' : String(config.retentionDays),
    FORM_RATE_LIMIT: String(config.formRateLimit),
    FORM_ADDRESS_RATE_LIMIT: String(config.formAddressRateLimit),
    FORM_KEY_RATE_LIMIT: String(config.formKeyRateLimit),
    VISITOR_DATA_PER_MINUTE: config.visitorDataPerMinute === 0 ? 'no limit' : String(config.visitorDataPerMinute),
    SHUTDOWN_GRACE_SECONDS: String(config.shutdownGraceSeconds),
    MAIL: config.mail
      ? `notices of submissions and orders to ${config.mail.notify.join(', ')}, receipts to buyers and new-password links to members, from ${config.mail.from}, through ${shownSmtpUrl(config.mail.smtpUrl)}`
      : 'off (SMTP_URL not set): submissions and orders are in /config/ only',
    METRICS: config.metricsToken ? '/metrics, with the bearer token in METRICS_TOKEN' : 'off (METRICS_TOKEN not set)',
    owner: hidden(config.owner),
    viewer: hidden(config.viewer),
    member: hidden(config.member),
  };
}
