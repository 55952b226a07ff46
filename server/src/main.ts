import { buildApp } from './app';
import { loadConfig } from './config';

/** `npm start` runs this after the build: serve the demo site and print where. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { app, seeded } = await buildApp(config);
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const lines = [`Tessera site server listening on http://${config.host}:${port}`, `  data: ${config.dataDir}`];
  for (const account of seeded) {
    const password = account.generatedPassword ? `password ${account.generatedPassword}` : 'password as set before (or from the environment)';
    lines.push(`  ${account.role}: ${account.email}, ${password}`);
  }
  console.log(lines.join('\n'));

  const stop = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('Tessera site server failed to start:', error);
  process.exit(1);
});
