import { CONTEXT_SELECTOR, type PageContexts } from '../context/page-contexts';
import { assetUrl, loadStylesheet, retryStylesheets } from '../platform/assets';
import { reportError } from '../platform/report';
import { turn } from '../platform/yield';
import { ChunkLoadError, loadChunk } from './chunk';
import { ElementObserver, type ElementObserverDelegate } from './element-observer';
import { FEATURE_GATED_BLOCKS, blockLoader } from './registry';
import type { BlockInstance, BlockLoader, BlockModule } from './types';

export const BLOCK_SELECTOR = '[data-block-type]';
export const BLOCK_ID_PREFIX = 'block-';
/** Written on each block element so that themes and tests can see where it stands. */
export const BLOCK_STATUS_ATTRIBUTE = 'data-block-status';
/** Fired (bubbling) just before htmx keeps a copy of the page for its history. */
const HTMX_SNAPSHOT_EVENT = 'htmx:beforeHistorySave';

/** What the host keeps per block; its state is the element's status attribute. */
interface BlockRecord {
  instance?: BlockInstance;
  /** Set when the element left (or was destroyed) while its chunk was loading. */
  cancelled?: boolean;
  /** Its chunk could not be loaded (network gone, time-out): mounted again when the browser is back online. */
  unloaded?: boolean;
}

export function blockIdOf(element: Element): string | null {
  return element.id.startsWith(BLOCK_ID_PREFIX) ? element.id.slice(BLOCK_ID_PREFIX.length) || null : null;
}

function describe(element: Element): string {
  const type = element.getAttribute('data-block-type');
  return element.id ? `Block "${type}" (#${element.id})` : `Block "${type}"`;
}

/** Parses `data-block-json`; absent means {}. Throws a clear error on malformed JSON. */
export function readBlockConfig(element: Element): Record<string, unknown> {
  const raw = element.getAttribute('data-block-json');
  if (raw === null || raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new SyntaxError(`${describe(element)} has malformed data-block-json: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new TypeError(`${describe(element)} data-block-json must be a JSON object`);
  }
  return parsed as Record<string, unknown>;
}

const loadingModules = new WeakMap<BlockLoader, Promise<BlockModule>>();

/**
 * One load of the chunk and its stylesheet (and one time-out timer) per block type, however
 * many blocks of it a page has.
 */
function moduleOf(loader: BlockLoader, type: string): Promise<BlockModule> {
  let loading = loadingModules.get(loader);
  if (!loading) {
    loading = loadChunk(loader, type).then(async (module) => {
      if (module.stylesheet) await loadStylesheet(assetUrl(module.stylesheet));
      return module;
    });
    loadingModules.set(loader, loading);
    // A failed load is tried again by the next block that needs it.
    loading.catch(() => loadingModules.delete(loader));
  }
  return loading;
}

/**
 * Mounts and destroys blocks as their elements come and go. A block initialises once; one
 * failing block is reported and stays uninitialised while every other block mounts.
 */
export class BlockHost implements ElementObserverDelegate {
  private readonly _records = new Map<Element, BlockRecord>();
  private readonly _observer: ElementObserver;
  private _pending: Promise<void>[] = [];

  /** `contexts`: each block gets the context of the page it came with, on a theme that swaps pages in; the observer that finds blocks also finds the contexts that come. */
  constructor(private readonly _contexts: PageContexts, root: Element = document.documentElement) {
    this._observer = new ElementObserver(root, `${BLOCK_SELECTOR},${CONTEXT_SELECTOR}`, this);
  }

  /** Starts observing; the promise settles once every block present now has initialised. */
  start(): Promise<void> {
    this._pending = [];
    this._observe();
    return this._settled();
  }

  stop(): void {
    this._observer.stop();
    removeEventListener('online', this._mountUnloaded);
    removeEventListener(HTMX_SNAPSHOT_EVENT, this._unmountForSnapshot);
  }

  /** Mounts blocks under `root` (again after a destroy); settles when they have initialised. */
  init(root?: Element): Promise<void> {
    this._pending = [];
    if (!this._observer.started) this._observe();
    else this._observer.refresh(root);
    return this._settled();
  }

  /** Destroys the blocks under `root`; without a root, every block, and observing stops. */
  destroy(root?: Element): void {
    if (!root) this.stop();
    for (const element of [...this._records.keys()]) {
      if (root && root !== element && !root.contains(element)) continue;
      this._teardown(element);
    }
    this._observer.forget(root ?? document.documentElement);
  }

  /** Takes in at once the blocks and contexts a swap in this task brought (theme code reading SiteRuntime.context there). */
  flush(): void {
    this._observer.flush();
  }

  instance(element: Element): BlockInstance | undefined {
    return this._records.get(element)?.instance;
  }

  matched(element: Element): void {
    if (element.matches(CONTEXT_SELECTOR)) return this._contexts.add(element);
    if (this._records.has(element)) return;
    this._pending.push(this._mount(element as HTMLElement));
  }

  unmatched(element: Element): void {
    this._teardown(element);
  }

  private _observe(): void {
    this._observer.start();
    addEventListener('online', this._mountUnloaded);
    addEventListener(HTMX_SNAPSHOT_EVENT, this._unmountForSnapshot);
  }

  /**
   * htmx's hx-boost keeps the markup of its history element (the body, or `hx-history-elt`) as
   * the visitor leaves, to put back on Back: it keeps the blocks as served, not mounted (the
   * copy would mount a second time over the first). htmx swaps the next page in at once,
   * taking these; if it does not, they mount again.
   */
  private readonly _unmountForSnapshot = (event: Event): void => {
    const kept = (event as CustomEvent<{ historyElt?: Element } | null>).detail?.historyElt ?? document.body;
    this.destroy(kept);
    queueMicrotask(() => void this.init(kept));
  };

  /** A visitor whose network came back gets the blocks and stylesheets it could not load, without reloading the page. */
  private readonly _mountUnloaded = (): void => {
    retryStylesheets();
    for (const [element, record] of this._records) if (record.unloaded) void this._mount(element as HTMLElement);
  };

  private _settled(): Promise<void> {
    const pending = this._pending;
    this._pending = [];
    return Promise.all(pending).then(() => undefined);
  }

  private async _mount(element: HTMLElement): Promise<void> {
    const type = element.getAttribute('data-block-type') ?? '';
    const record: BlockRecord = {};
    this._records.set(element, record);
    element.setAttribute(BLOCK_STATUS_ATTRIBUTE, 'loading');
    try {
      if (FEATURE_GATED_BLOCKS.includes(type) && !this._contexts.now().featureFlags.includes(type)) {
        console.info(`${describe(element)} needs the "${type}" feature flag; left as it is.`);
        this._fail(element);
        return;
      }
      const loader = blockLoader(type);
      if (!loader) {
        console.warn(`${describe(element)}: unknown block type, left as it is.`);
        this._fail(element);
        return;
      }
      const module = await moduleOf(loader, type);
      // Blocks mount in turns (platform/yield.ts): a page's ten galleries, whose chunk arrives
      // at once, make a few short tasks, not one long one.
      await turn();
      if (record.cancelled) return;
      const config = module.readConfig ? module.readConfig(element) : readBlockConfig(element);
      // Read now, when the swap that brought the block has brought its context too.
      const instance = await module.mount(element, { id: blockIdOf(element), config, page: this._contexts.now() });
      if (record.cancelled) {
        safeDestroy(element, instance);
        return;
      }
      record.instance = instance;
      element.setAttribute(BLOCK_STATUS_ATTRIBUTE, 'mounted');
    } catch (error) {
      if (record.cancelled) return;
      reportError(error, `${describe(element)} failed to initialise.`, { blockType: type, blockId: element.id });
      record.unloaded = error instanceof ChunkLoadError;
      this._fail(element);
    }
  }

  private _fail(element: Element): void {
    element.setAttribute(BLOCK_STATUS_ATTRIBUTE, 'failed');
  }

  private _teardown(element: Element): void {
    const record = this._records.get(element);
    if (!record) return;
    this._records.delete(element);
    record.cancelled = true;
    element.removeAttribute(BLOCK_STATUS_ATTRIBUTE);
    if (record.instance) safeDestroy(element, record.instance);
  }
}

function safeDestroy(element: Element, instance: BlockInstance): void {
  try {
    instance.destroy();
  } catch (error) {
    reportError(error, `${describe(element)} failed to destroy.`);
  }
}
