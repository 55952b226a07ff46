/**
 * Crash safety: the server is killed (SIGKILL) in the middle of a stream of form submissions,
 * started again on the same data, and every submission it acknowledged is there, in a database
 * that passes SQLite's integrity check. A database file that is damaged beyond that stops the
 * start with one line that names it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from './fixtures';
import { startBuiltServer } from './server-process';

const SETTINGS = { FORM_RATE_LIMIT: '1000000000', FORM_ADDRESS_RATE_LIMIT: '1000000000', FORM_KEY_RATE_LIMIT: '1000000000' };

test('a SIGKILL during a stream of submissions loses none that was acknowledged', async ({ playwright }) => {
  test.setTimeout(90_000);
  const first = await startBuiltServer(SETTINGS);
  const api = await playwright.request.newContext({ baseURL: first.baseUrl });
  await api.get('/plain');
  const crumb = encodeURIComponent((await api.storageState()).cookies.find((cookie) => cookie.name === 'crumb')!.value);
  const acknowledged: string[] = [];
  let killed = false;

  const submit = async (n: number) => {
    const key = ((await (await api.post(`/api/form/FormSubmissionKey?crumb=${crumb}`)).json()) as { key: string }).key;
    const marker = `crash-test-${n}`;
    const response = await api.post(`/api/form/SaveFormSubmission?crumb=${crumb}`, {
      data: { url: `${first.baseUrl}/contact`, title: 'Contact', referrer: '', key, formId: 'contact', isOverlayForm: false, form: JSON.stringify({ name: ['Ada', 'L'], email: 'ada@example.com', message: marker }) },
    });
    if (response.status() === 200) acknowledged.push(marker);
  };
  // Four clients in a loop until the server dies under them.
  const clients = [0, 1, 2, 3].map(async (client) => {
    for (let n = client; !killed; n += 4) {
      try {
        await submit(n);
      } catch {
        return; // the connection died with the server
      }
    }
  });
  await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(200);
  await first.kill();
  killed = true;
  await Promise.all(clients);
  await api.dispose();

  const second = await startBuiltServer(SETTINGS, first.dataDir);
  try {
    const db = new Database(path.join(first.dataDir, 'site.sqlite'), { readonly: true, fileMustExist: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const stored = new Set(
      (db.prepare("SELECT values_json FROM form_submissions WHERE form_id = 'contact'").all() as Array<{ values_json: string }>).map((row) => (JSON.parse(row.values_json) as { message: string }).message),
    );
    db.close();
    expect(acknowledged.filter((marker) => !stored.has(marker))).toEqual([]);
    expect((await fetch(`${second.baseUrl}/plain`)).status).toBe(200);
  } finally {
    await second.stop();
  }
});

test('started on a file that is not a database, it names the file, says to restore a backup and exits 1', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-damaged-'));
  try {
    writeFileSync(path.join(dataDir, 'site.sqlite'), Buffer.alloc(8192, 0x5a));
    const server = spawn(process.execPath, ['dist/server/main.js'], { env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => server.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toBe(
      `Tessera site server did not start. ${path.join(dataDir, 'site.sqlite')} is not a SQLite database or is damaged (SQLITE_NOTADB). Restore a backup (docs/deployment.md, "Backups"), or move the file aside to start with an empty one.\n`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
