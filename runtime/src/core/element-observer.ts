/**
 * A block-agnostic observer of the elements matching one selector under a root (after
 * Stimulus' ElementObserver): `matched` fires once per element that enters, `unmatched` once
 * per element that leaves the document. An element moved within the document is neither.
 */
export interface ElementObserverDelegate {
  matched(element: Element): void;
  unmatched(element: Element): void;
}

export class ElementObserver {
  private readonly _observer: MutationObserver;
  private readonly _elements = new Set<Element>();
  private _started = false;

  constructor(
    private readonly _root: Element,
    private readonly _selector: string,
    private readonly _delegate: ElementObserverDelegate,
  ) {
    this._observer = new MutationObserver((records) => this._process(records));
  }

  get started(): boolean {
    return this._started;
  }

  start(): void {
    if (this._started) return;
    this._started = true;
    this._observer.observe(this._root, { childList: true, subtree: true });
    this.refresh();
  }

  /** Handles at once what changed since the last notice (its microtask may not have come yet). */
  flush(): void {
    this._process(this._observer.takeRecords());
  }

  stop(): void {
    if (!this._started) return;
    this.flush();
    this._observer.disconnect();
    this._started = false;
  }

  /** Matches what is there now under `root` and lets go of what has left. */
  refresh(root: Element = this._root): void {
    for (const element of [...this._elements]) if (!element.isConnected) this._remove(element);
    for (const element of this._matchesIn(root)) this._add(element);
  }

  /** Forgets elements under `root` without firing `unmatched` (the owner tears them down). */
  forget(root: Element): void {
    for (const element of [...this._elements]) if (root === element || root.contains(element)) this._elements.delete(element);
  }

  private _process(records: MutationRecord[]): void {
    if (records.length === 0) return;
    // Removals are judged after the whole batch: a moved element is removed and re-added in
    // one batch and is still connected, so it keeps its instance.
    let removed = false;
    for (const record of records) {
      if (record.removedNodes.length) removed = true;
      record.addedNodes.forEach((node) => {
        if (node instanceof Element) for (const element of this._matchesIn(node)) this._add(element);
      });
    }
    if (removed) for (const element of [...this._elements]) if (!element.isConnected) this._remove(element);
  }

  private _matchesIn(node: Element): Element[] {
    const found = node.matches(this._selector) ? [node] : [];
    return found.concat(Array.from(node.querySelectorAll(this._selector)));
  }

  private _add(element: Element): void {
    if (this._elements.has(element) || !element.isConnected) return;
    this._elements.add(element);
    this._delegate.matched(element);
  }

  private _remove(element: Element): void {
    if (!this._elements.delete(element)) return;
    this._delegate.unmatched(element);
  }
}
