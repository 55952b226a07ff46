import { defineConfig } from 'vitest/config';

// Runtime components are written against `react` and run on preact/compat, as in the build.
const preactAlias = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/** The runtime's tests: in jsdom, against preact/compat as built, from an empty page each test. */
const runtimeProject = (test: { name: string; include: string[]; exclude?: string[]; pool?: 'vmThreads' }) => ({
  resolve: { alias: preactAlias },
  define: { __TESSERA_VERSION__: JSON.stringify('0.0.0-test') },
  test: { environment: 'jsdom' as const, setupFiles: ['runtime/test/setup.ts'], ...test },
});

export default defineConfig({
  test: {
    // Both cores: Vitest leaves one free by default, which on this 2-core machine means one worker.
    maxWorkers: 2,
    projects: [
      // Each file in a VM context of a reused worker: a fresh jsdom and fresh modules without
      // starting a process per file. The fuzz files run their hundred thousand cases faster in
      // a process of their own.
      runtimeProject({ name: 'runtime', pool: 'vmThreads', include: ['runtime/test/**/*.test.{ts,tsx}'], exclude: ['runtime/test/fuzz/**'] }),
      runtimeProject({ name: 'runtime-fuzz', include: ['runtime/test/fuzz/**/*.test.ts'] }),
      // The server's tests run on SQLite and on a real PostgreSQL server that the setup starts.
      // Each test starts its own server, so files share a worker's loaded modules.
      { test: { name: 'server', environment: 'node', include: ['server/test/**/*.test.ts', 'bench/test/**/*.test.ts'], isolate: false, globalSetup: ['server/test/global-postgres.ts'], setupFiles: ['server/test/setup.ts'] } },
      // Every server test again, each test server on a fresh PostgreSQL database.
      {
        test: {
          name: 'server-postgres',
          environment: 'node',
          include: ['server/test/**/*.test.ts'],
          // Run on both engines (or on PostgreSQL only) in the sqlite project already.
          exclude: ['server/test/storage.test.ts', 'server/test/limits.test.ts', 'server/test/copy-to-postgres.test.ts', 'server/test/copy-to-sqlite.test.ts', 'server/test/pgbouncer.test.ts', 'server/test/postgres-tls.test.ts'],
          isolate: false,
          globalSetup: ['server/test/global-postgres.ts'],
          setupFiles: ['server/test/setup.ts'],
          env: { TESSERA_TEST_ENGINE: 'postgres' },
        },
      },
      // Files share a worker's jsdom: a fresh one per file cost more than the tests (each renders into its own root).
      { test: { name: 'preview-app', environment: 'jsdom', isolate: false, include: ['preview-app/test/**/*.test.{ts,tsx}'] } },
    ],
  },
});
