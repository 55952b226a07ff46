/**
 * One place where runtime code reports a problem. The error service (its own issue) plugs a
 * sink in; until then, and whenever the sink itself fails, problems go to the console.
 */
export type ErrorSink = (error: unknown, message: string, detail?: Record<string, unknown>) => void;

let sink: ErrorSink | null = null;

/** Installs the error service's sink; returns the teardown that removes it. */
export function setErrorSink(next: ErrorSink): () => void {
  sink = next;
  return () => {
    if (sink === next) sink = null;
  };
}

/** Logs to the console and hands the problem to the error service, never throwing. */
export function reportError(error: unknown, message: string, detail?: Record<string, unknown>): void {
  console.error(message, error);
  if (!sink) return;
  try {
    sink(error, message, detail);
  } catch (sinkError) {
    console.error('Error reporter failed', sinkError);
  }
}
