/**
 * Vitest global setup for the server tests: one throwaway PostgreSQL server for the run
 * (scripts/postgres.mjs), its address provided to every test file, stopped at the end. Each
 * test that needs a database makes a fresh one on it (server/test/engines.ts).
 */
import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain ES module of the scripts folder, without declarations
import { startPostgres } from '../../scripts/postgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const server = (await startPostgres()) as { url: string; stop(): void };
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
