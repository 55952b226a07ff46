import { buildApp } from './app';
import { ConfigError, effectiveSettings, listeningUrl, loadConfig } from './config';
import { SiteFileError } from './site-files';
import { explainStartFailure } from './start-failure';
import { NewerSchemaError } from './storage/open';

/** The settings read, for explaining a failure after them. */
let config: ReturnType<typeof loadConfig> | null = null;

/**
 * `npm start` runs this after the build: check the settings, serve the site, and log (JSON
 * lines on stdout) where it listens and with which settings, secrets hidden. SIGTERM or SIGINT:
 * stop taking requests, finish those under way, close the database, exit.
 */
async function main(): Promise<void> {
  config = loadConfig();
  const { app, seeded } = await buildApp(config);
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info({ settings: effectiveSettings(config) }, `Tessera site server listening on ${listeningUrl(config.host, port)}`);
  for (const account of seeded) {
    if (account.generatedPassword) app.log.info(`${account.role}: ${account.email}, generated password ${account.generatedPassword} (shown once; set it in the environment to choose your own)`);
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: closing (requests under way finish, then the database closes)`);
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
