/**
 * The disk that holds a SQLite database: the log says when it runs low (before it is full and
 * nothing can be stored), again each hour while it stays low, and when there is room again.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { diskSpaceOf, isLowOnSpace, LOW_DISK_REPEAT_MS, spaceText, watchDiskSpace, type DiskSpace } from '../src/storage/disk-space';
import { startLoggedTestServer, TEST_ENGINE } from './helper';

const GB = 1e9;

/** A watch over a disk whose space the test sets, a clock the test moves, and the lines it logs. */
function watched() {
  const lines: Array<[string, string]> = [];
  const log = { warn: (text: string) => lines.push(['warn', text]), info: (text: string) => lines.push(['info', text]) } as unknown as FastifyBaseLogger;
  const disk = { space: { freeBytes: 50 * GB, totalBytes: 100 * GB } as DiskSpace | null, now: 0 };
  const watch = watchDiskSpace(log, '/var/lib/tessera', async () => disk.space, () => disk.now);
  return { lines, disk, watch };
}

describe('the space on the database disk', () => {
  it('is low under 1 GiB free, or under 5% of the disk', () => {
    expect(isLowOnSpace({ freeBytes: 50 * GB, totalBytes: 100 * GB })).toBe(false);
    expect(isLowOnSpace({ freeBytes: 0.9 * GB, totalBytes: 10 * GB })).toBe(true);
    expect(isLowOnSpace({ freeBytes: 40 * GB, totalBytes: 1000 * GB })).toBe(true);
    expect(isLowOnSpace({ freeBytes: 2 * GB, totalBytes: 20 * GB })).toBe(false);
    expect(spaceText({ freeBytes: 812_400_000, totalBytes: 20_100_000_000 })).toBe('812.4 MB free of 20.1 GB (4%)');
  });

  it('logs once as the disk runs low, again each hour while it stays low, and once when there is room again', async () => {
    const { lines, disk, watch } = watched();
    await watch.check();
    expect(lines).toEqual([]);
    disk.space = { freeBytes: 812_400_000, totalBytes: 20_100_000_000 };
    await watch.check();
    expect(lines).toEqual([
      [
        'warn',
        'The disk that holds DATA_DIR (/var/lib/tessera) is running out of space: 812.4 MB free of 20.1 GB (4%). When it is full, pages are still served but nothing visitors or the owner send is stored. Free space there, or set RETENTION_DAYS to drop old visitor rows (docs/deployment.md).',
      ],
    ]);
    disk.now += LOW_DISK_REPEAT_MS - 1;
    await watch.check();
    expect(lines).toHaveLength(1);
    disk.now += 1;
    await watch.check();
    expect(lines).toHaveLength(2);
    disk.space = { freeBytes: 5 * GB, totalBytes: 20 * GB };
    await watch.check();
    expect(lines.at(-1)).toEqual(['info', 'The disk that holds DATA_DIR (/var/lib/tessera) has room again: 5.0 GB free of 20.0 GB (25%).']);
    await watch.check();
    expect(lines).toHaveLength(3);
  });

  it('says nothing where the system cannot tell the space', async () => {
    const { lines, disk, watch } = watched();
    disk.space = null;
    expect(await watch.check()).toBeNull();
    expect(lines).toEqual([]);
  });

  it("reads the real disk's space, and null for a folder that is not there", async () => {
    const space = await diskSpaceOf(tmpdir());
    expect(space!.freeBytes).toBeGreaterThan(0);
    expect(space!.totalBytes).toBeGreaterThanOrEqual(space!.freeBytes);
    expect(await diskSpaceOf(path.join(tmpdir(), 'no-such-folder-here', 'at-all'))).toBeNull();
  });
});

/** A 64 MB tmpfs for the test to put DATA_DIR on (root only: null where mounting is not allowed). */
function smallDisk(): { folder: string; remove(): void } | null {
  const folder = mkdtempSync(path.join(tmpdir(), 'tessera-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', folder], { stdio: 'ignore' });
  } catch {
    rmSync(folder, { recursive: true, force: true });
    return null;
  }
  return {
    folder,
    remove() {
      execFileSync('umount', [folder]);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

describe.runIf(TEST_ENGINE === 'sqlite')('a SQLite server on a small disk', () => {
  it('says as it starts that the disk is running out of space, and /readyz says so too (while ready)', async (context) => {
    const disk = smallDisk();
    if (!disk) return context.skip();
    try {
      const { server, lines } = await startLoggedTestServer({ dataDir: disk.folder, databaseUrl: null });
      try {
        const warned = lines.filter((line) => line.level === 40 && line.msg.startsWith(`The disk that holds DATA_DIR (${disk.folder}) is running out of space: `));
        expect(warned).toHaveLength(1);
        expect(warned[0]!.msg).toMatch(/: \d+\.\d MB free of 67\.1 MB \(\d+%\)\./);
        const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(200);
        expect(ready.json()).toMatchObject({ status: 'ready', engine: 'sqlite', disk: { totalBytes: 64 * 1024 ** 2, low: true } });
      } finally {
        await server.close();
      }
    } finally {
      disk.remove();
    }
  });
});

