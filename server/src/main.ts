import type { AddressInfo, Server } from 'node:net';
import type { FastifyListenOptions } from 'fastify';
import { buildApp } from './app';
import { ConfigError, effectiveSettings, listeningUrl, loadConfig, type ServerConfig } from './config';
import { SiteFileError } from './site-files';
import { explainStartFailure } from './start-failure';
import { NewerSchemaError } from './storage/open';

/** The settings read, for explaining a failure after them. */
let config: ReturnType<typeof loadConfig> | null = null;

/**
 * Any host other than `localhost`, for a passed socket: Node ignores it there, while Fastify
 * would also bind `localhost`'s other address on that port.
 */
const PASSED_SOCKET_HOST = '0.0.0.0';

/** What the banner says for a Unix socket systemd passed (ListenStream=/run/…). */
const UNNAMED_SOCKET = 'the Unix socket systemd passed';

/**
 * A Unix socket passed by descriptor has no name Node can read: its `address()` answers null,
 * which Fastify's listen does not expect (it reads `.address` of it). It answers a name instead.
 */
function nameUnnamedSocket(server: Server): void {
  const address = server.address.bind(server);
  server.address = () => address() ?? UNNAMED_SOCKET;
}

/**
 * Where the server listens, as the start banner prints it: HOST and the port taken, or the
 * socket systemd passed (its address as a URL, or the Unix socket).
 */
function listeningOn(address: string | AddressInfo | null, settings: ServerConfig): string {
  if (typeof address === 'string') return address;
  if (!settings.passedSocket || !address) return listeningUrl(settings.host, address?.port ?? settings.port);
  return `${listeningUrl(address.address, address.port)} (the socket systemd passed)`;
}

/**
 * `npm start` runs this after the build: check the settings, serve the site, and log (JSON
 * lines on stdout) where it listens and with which settings, secrets hidden. SIGTERM or SIGINT:
 * stop taking requests, finish those under way, close the database, exit.
 */
async function main(): Promise<void> {
  config = loadConfig();
  const socket = config.passedSocket;
  // Not passed on to anything this process starts (sd_listen_fds(3)).
  for (const name of ['LISTEN_FDS', 'LISTEN_PID', 'LISTEN_FDNAMES']) delete process.env[name];
  const { app, seeded } = await buildApp(config);
  if (socket) nameUnnamedSocket(app.server);
  // Node listens on a descriptor it is given; Fastify passes the option through, its types do not list it.
  await app.listen(socket ? ({ fd: socket.fd, host: PASSED_SOCKET_HOST } as FastifyListenOptions) : { host: config.host, port: config.port });
  app.log.info({ settings: effectiveSettings(config) }, `Tessera site server listening on ${listeningOn(app.server.address(), config)}`);
  if (socket && socket.count > 1) app.log.warn(`systemd passed ${socket.count} sockets (LISTEN_FDS); the server listens on the first, descriptor ${socket.fd}. List one ListenStream= in the .socket unit.`);
  for (const account of seeded) {
    if (account.generatedPassword) app.log.info(`${account.role}: ${account.email}, generated password ${account.generatedPassword} (shown once; set it in the environment to choose your own)`);
  }

  let stopping = false;
  const graceSeconds = config.shutdownGraceSeconds;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: closing (requests under way finish, then the database closes)`);
    // A client that trickles its body or never reads its answer would hold the stop (and the
    // restart after it) until systemd kills the process: after the grace, its connection goes.
    const grace = setTimeout(() => {
      app.server.getConnections((_error, open) => {
        app.log.warn(`${open} connection${open === 1 ? '' : 's'} still busy ${graceSeconds} s after ${signal} (SHUTDOWN_GRACE_SECONDS): closed, so that the server can stop.`);
        app.server.closeAllConnections();
      });
    }, graceSeconds * 1000);
    grace.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error(error, 'closing failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  // A setting, a folder, a port or a database this server cannot use: say what, without a stack trace.
  const known = error instanceof ConfigError || error instanceof NewerSchemaError || error instanceof SiteFileError ? error.message : config && explainStartFailure(error, config);
  if (known) console.error(`Tessera site server did not start. ${known}`);
  else console.error('Tessera site server failed to start:', error);
  process.exit(1);
});
