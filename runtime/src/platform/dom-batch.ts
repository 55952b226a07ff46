/**
 * Layout reads and DOM writes from many components in one task: every read first, then every
 * write. A page mounting a hundred galleries, each measuring and then writing, would otherwise
 * lay the whole page out once per gallery.
 */
import { reportError } from './report';

interface Job {
  read(): unknown;
  write(measured: unknown): void;
}

const jobs: Job[] = [];

function flush(): void {
  const batch = jobs.splice(0);
  const failed = Symbol('failed');
  const measured = batch.map((job) => {
    try {
      return job.read();
    } catch (error) {
      reportError(error, 'A layout read failed.');
      return failed;
    }
  });
  batch.forEach((job, i) => {
    if (measured[i] === failed) return;
    try {
      job.write(measured[i]);
    } catch (error) {
      reportError(error, 'A layout write failed.');
    }
  });
}

/** Runs `read` in the next batch's read phase and `write` with its answer in the write phase. */
export function readThenWrite<T>(read: () => T, write: (measured: T) => void): void {
  if (jobs.push({ read, write: write as (measured: unknown) => void }) === 1) setTimeout(flush);
}
