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
  // A wake while the worker is busy looking (work queued just after its query ran) makes the next wait end at once: else that work waited a whole pause.
  let woken = false;
  return {
    wait: (ms) =>
      new Promise<void>((resolve) => {
        if (woken) {
          woken = false;
          return resolve();
        }
        const done = () => {
          clearTimeout(timer);
          wake = null;
          resolve();
        };
        const timer = setTimeout(done, ms);
        timer.unref();
        wake = done;
      }),
    wake: () => {
      if (wake) wake();
      else woken = true;
    },
  };
}
