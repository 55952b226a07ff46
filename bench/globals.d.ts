// The pages the benchmarks drive carry the runtime: its global, as the e2e tests see it.
import type { SiteRuntimeApi } from '../runtime/src/runtime';

declare global {
  interface Window {
    SiteRuntime?: SiteRuntimeApi;
  }
}
