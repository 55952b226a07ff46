/**
 * Image processing jobs (spec part 2 §3, §4, §8): one per uploaded image, making each
 * responsive width no larger than the original. A job runs, completes, fails or is cancelled;
 * the owner app polls it. Jobs live in memory: a restart forgets them, never the files.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '../../../contract/model/files';
import { removeVariants, variantPath } from './storage';

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
      if (job.cancelled) return void (await removeVariants(original));
      job.status = 'complete';
      onDone(job.widths);
    } catch {
      // Nor does a failed one (a width it was writing when it failed included).
      if (!job.cancelled) job.status = 'failed';
      job.widths = [];
      await removeVariants(original);
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
