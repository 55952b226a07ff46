/**
 * The free space on the disk that holds a SQLite database. When it is full, nothing visitors
 * or the owner send can be stored (the server answers 503 and says so), so the log says it
 * ahead, while there is time to free space: once as it runs low, again each hour while it
 * stays low, and once when there is room again.
 */
import { statfs } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';

/** Low: less than this many bytes free, or less than LOW_DISK_SHARE of the disk. */
export const LOW_DISK_BYTES = 1024 ** 3;
export const LOW_DISK_SHARE = 0.05;
/** While the disk stays low, the warning comes again this often. */
export const LOW_DISK_REPEAT_MS = 3_600_000;

export interface DiskSpace {
  freeBytes: number;
  totalBytes: number;
}

/** The space on the disk that holds `folder` as an unprivileged process may use it; null where the system cannot say. */
export async function diskSpaceOf(folder: string): Promise<DiskSpace | null> {
  try {
    const stats = await statfs(folder);
    return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
  } catch {
    return null;
  }
}

export const isLowOnSpace = (space: DiskSpace): boolean => space.freeBytes < LOW_DISK_BYTES || space.freeBytes < space.totalBytes * LOW_DISK_SHARE;

/** `812.4 MB`, `20.1 GB` (1 GB = 10^9 bytes, as disks are sold and `df -H` shows them). */
const sizeOf = (bytes: number) => (bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${(bytes / 1e6).toFixed(1)} MB`);

/** `812.4 MB free of 20.1 GB (4%)`. */
export const spaceText = (space: DiskSpace): string =>
  `${sizeOf(space.freeBytes)} free of ${sizeOf(space.totalBytes)} (${space.totalBytes > 0 ? Math.floor((space.freeBytes / space.totalBytes) * 100) : 0}%)`;

export interface DiskWatch {
  /** Reads the space now and logs what changed; answers what it read. */
  check(): Promise<DiskSpace | null>;
}

export function watchDiskSpace(log: FastifyBaseLogger, dataDir: string, read: (folder: string) => Promise<DiskSpace | null> = diskSpaceOf, now = () => Date.now()): DiskWatch {
  let warnedAt: number | null = null;
  return {
    async check() {
      const space = await read(dataDir);
      if (!space) return null;
      if (isLowOnSpace(space)) {
        if (warnedAt === null || now() - warnedAt >= LOW_DISK_REPEAT_MS) {
          warnedAt = now();
          log.warn(
            `The disk that holds DATA_DIR (${dataDir}) is running out of space: ${spaceText(space)}. When it is full, pages are still served but nothing visitors or the owner send is stored. Free space there, or set RETENTION_DAYS to drop old visitor rows (docs/deployment.md).`,
          );
        }
      } else if (warnedAt !== null) {
        warnedAt = null;
        log.info(`The disk that holds DATA_DIR (${dataDir}) has room again: ${spaceText(space)}.`);
      }
      return space;
    },
  };
}
