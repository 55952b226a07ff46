/** A small typed emitter: `on` answers its teardown; `emit` answers false when prevented. */
import type { Teardown } from '../../platform/events';

export interface GalleryEvent<D> {
  type: string;
  detail: D;
  defaultPrevented: boolean;
  preventDefault(): void;
}

export class Eventable<M extends object> {
  private readonly _handlers = new Map<keyof M, Set<(event: GalleryEvent<never>) => void>>();

  on<K extends keyof M>(type: K, handler: (event: GalleryEvent<M[K]>) => void): Teardown {
    let set = this._handlers.get(type);
    if (!set) this._handlers.set(type, (set = new Set()));
    const stored = handler as (event: GalleryEvent<never>) => void;
    set.add(stored);
    return () => set.delete(stored);
  }

  emit<K extends keyof M>(type: K, detail: M[K]): boolean {
    const event: GalleryEvent<M[K]> = {
      type: String(type),
      detail,
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    for (const handler of [...(this._handlers.get(type) ?? [])]) {
      try {
        (handler as (event: GalleryEvent<M[K]>) => void)(event);
      } catch (error) {
        console.error(`Gallery "${String(type)}" listener failed`, error);
      }
    }
    return !event.defaultPrevented;
  }

  offAll(): void {
    this._handlers.clear();
  }
}
