/**
 * The wait of a worker that looks at a shared table now and then (image jobs, the mail
 * outbox): the instance that queues work wakes its own worker at once; the others find it
 * within the pause.
 */
export interface WorkerPause {
  /** Resolves after `ms`, or as soon as `wake` is called. The timer keeps no process alive. */
  wait(ms: number): Promise<void>;
  wake(): void;
}

export function workerPause(): WorkerPause {
  let wake: (() => void) | null = null;
  return {
    wait: (ms) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          wake = null;
          resolve();
        };
        const timer = setTimeout(done, ms);
        timer.unref();
        wake = done;
      }),
    wake: () => wake?.(),
  };
}
