/**
 * Image processing jobs (spec part 2 §3, §4, §8): one per uploaded image, making each
 * responsive width no larger than the original. A job runs, completes, fails or is cancelled;
 * the owner app polls it. Jobs live in memory: a restart forgets them, never the files.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '../../../runtime/src/model/files';

export type JobStatus = 'running' | 'complete' | 'failed' | 'cancelled';

export interface Job {
  id: string;
  file: string;
  status: JobStatus;
  widths: number[];
  cancelled: boolean;
  /** Resolves once the job's work (and any clean-up after cancelling) has stopped. */
  settled: Promise<void>;
}

const MAX_JOBS = 200;
const jobs = new Map<string, Job>();

/** `photo.jpg` at 500 px is stored as `photo.jpg.500w` beside the original. */
export const variantPath = (original: string, width: number) => `${original}.${width}w`;

export function startJob(original: string, name: string, onDone: (widths: number[]) => void): Job {
  const job: Job = { id: randomUUID(), file: name, status: 'running', widths: [], cancelled: false, settled: Promise.resolve() };
  if (jobs.size >= MAX_JOBS) jobs.delete(jobs.keys().next().value!);
  jobs.set(job.id, job);
  job.settled = (async () => {
    try {
      const { width = 0 } = await sharp(original).metadata();
      for (const target of IMAGE_WIDTHS) {
        if (job.cancelled) break;
        if (target > width) continue;
        await sharp(original).resize({ width: target }).toFile(variantPath(original, target));
        job.widths.push(target);
      }
      // A cancelled job leaves nothing behind: the widths it made so far are removed.
      if (job.cancelled) return void (await Promise.all(job.widths.map((w) => fs.rm(variantPath(original, w), { force: true }))));
      job.status = 'complete';
      onDone(job.widths);
    } catch {
      if (!job.cancelled) job.status = 'failed';
    }
  })();
  return job;
}

export const findJob = (id: string) => jobs.get(id);

export function cancelJob(id: string): Job | undefined {
  const job = jobs.get(id);
  if (job?.status === 'running') {
    job.cancelled = true;
    job.status = 'cancelled';
  }
  return job;
}

/** Removes a file and every width made from it. */
export async function removeFile(original: string): Promise<void> {
  const dir = path.dirname(original);
  const base = path.basename(original);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => n === base || n.startsWith(`${base}.`)).map((n) => fs.rm(path.join(dir, n), { force: true })));
}
