import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const OWNER = { email: 'owner@e2e.test', password: 'owner-e2e-password' };
export const VIEWER = { email: 'viewer@e2e.test', password: 'viewer-e2e-password' };
export const MEMBER = { email: 'member@e2e.test', password: 'member-e2e-password' };

/**
 * Starts the built server (dist/server/main.js) on a random port with a temporary DATA_DIR,
 * and hands its address to the tests through TESSERA_BASE_URL. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-e2e-'));
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      VIEWER_EMAIL: VIEWER.email,
      VIEWER_PASSWORD: VIEWER.password,
      MEMBER_EMAIL: MEMBER.email,
      MEMBER_PASSWORD: MEMBER.password,
      FORM_RATE_LIMIT: '3',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    server.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  server.stdout!.resume();
  process.env.TESSERA_BASE_URL = baseUrl;
  process.env.TESSERA_DATA_DIR = dataDir;
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
