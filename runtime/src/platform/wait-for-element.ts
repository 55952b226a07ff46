/** Spec part 1 §9: the wait helper retries every 100 ms and wants at least one match. */
export const WAIT_RETRY_MS = 100;
export const WAIT_MIN_MATCHES = 1;
export const WAIT_DEFAULT_TIMEOUT_MS = 5000;

export interface WaitOptions {
  parent?: ParentNode | null;
  timeoutMs?: number;
  minMatches?: number;
}

export const WAIT_NO_PARENT = 'waitForElement: no parent or selector given';
export const WAIT_PARENT_GONE = 'waitForElement: the parent left the document';
export const waitTimedOut = (selector: string, ms: number) =>
  `waitForElement: "${selector}" not found within ${ms} ms`;

function isGone(parent: ParentNode): boolean {
  return parent instanceof Node && !(parent instanceof Document) && !parent.isConnected;
}

/** Resolves with the matching elements once at least `minMatches` exist under `parent`. */
export function waitForElement(selector: string, options: WaitOptions = {}): Promise<Element[]> {
  const parent = options.parent === undefined ? document : options.parent;
  const timeoutMs = options.timeoutMs ?? WAIT_DEFAULT_TIMEOUT_MS;
  const minMatches = Math.max(WAIT_MIN_MATCHES, options.minMatches ?? WAIT_MIN_MATCHES);
  return new Promise((resolve, reject) => {
    if (!parent || !selector) {
      reject(new Error(WAIT_NO_PARENT));
      return;
    }
    const deadline = Date.now() + timeoutMs;
    const attempt = () => {
      if (isGone(parent)) {
        reject(new Error(WAIT_PARENT_GONE));
        return;
      }
      let found: Element[];
      try {
        found = Array.from(parent.querySelectorAll(selector));
      } catch (error) {
        reject(error);
        return;
      }
      if (found.length >= minMatches) resolve(found);
      else if (Date.now() >= deadline) reject(new Error(waitTimedOut(selector, timeoutMs)));
      else setTimeout(attempt, WAIT_RETRY_MS);
    };
    attempt();
  });
}
