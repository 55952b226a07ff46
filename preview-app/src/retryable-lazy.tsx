import { lazy, type ComponentProps, type ComponentType, type JSX } from 'react';
import { UNABLE_TO_CONNECT } from '../../contract/model/editor-messages';

/** How to load again each component whose load failed: ErrorBoundary's Try again calls them. */
const failedLoads = new Set<() => void>();

/** Makes the next render of every component whose load failed load it again. */
export function retryFailedLoads(): void {
  for (const again of failedLoads) again();
  failedLoads.clear();
}

/**
 * React.lazy whose failed load (the network went away as the owner opened a tab) can be asked
 * for again: React.lazy keeps a failure for the page's life, so the ErrorBoundary's Try again
 * could never bring the component back without a reload. It is asked again only on Try again,
 * not on the render React retries by itself after an error, or an offline app would loop.
 */
export function retryableLazy<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): (props: ComponentProps<C>) => JSX.Element {
  const fresh = () =>
    lazy(() =>
      load().catch((cause: unknown) => {
        failedLoads.add(() => (current = fresh()));
        throw new Error(UNABLE_TO_CONNECT, { cause });
      }),
    );
  let current = fresh();
  return function RetryableLazy(props) {
    const Current = current as ComponentType<ComponentProps<C>>;
    return <Current {...props} />;
  };
}
