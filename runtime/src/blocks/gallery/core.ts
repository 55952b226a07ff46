/**
 * The gallery core (spec part 2 §4): index, loop and ends, motion lock shared with linked
 * galleries, events. Designs plug in through `GalleryDesign`; the core knows no layout.
 */
import { Eventable } from './eventable';
import type { Slide } from './slides';

export type Direction = 'forward' | 'reverse';

export interface GalleryEventMap {
  change: { index: number; previous: number; direction: Direction };
  reachedEnd: Record<string, never>;
  reachedBeginning: Record<string, never>;
  motionStart: { index: number };
  motionEnd: { index: number };
  /** The design regrouped (a resize): controls recheck the ends. */
  layout: Record<string, never>;
}

/** What a design adds to the core. Layout-only designs leave `show` out. */
export interface GalleryDesign {
  /** Moves to `to` (answers when the motion ends); `instant` skips animation. */
  show?(to: number, from: number, direction: Direction, instant: boolean): Promise<void> | void;
  /** The last index next() may reach (a carousel's last group starts before the last slide). */
  lastIndex?(): number;
  /** How far next/previous move (a carousel moves by a group). */
  step?(): number;
  destroy(): void;
}

/** Part 2 §4: negative values wrap from the end; values over the count wrap by modulo. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0 || !Number.isFinite(index)) return 0;
  const whole = Math.trunc(index);
  return ((whole % count) + count) % count;
}

export class Gallery extends Eventable<GalleryEventMap> {
  private _index = 0;
  private _inMotion = false;
  private readonly _linked = new Set<Gallery>();
  design: GalleryDesign | null = null;

  constructor(
    readonly slides: Slide[],
    public loop = true,
  ) {
    super();
  }

  get index(): number {
    return this._index;
  }

  get count(): number {
    return this.slides.length;
  }

  get inMotion(): boolean {
    return this._inMotion;
  }

  /** Thumbnails and main gallery keep the same index and share the motion lock. */
  link(other: Gallery): void {
    if (other === this) return;
    this._linked.add(other);
    other._linked.add(this);
  }

  unlink(other: Gallery): void {
    this._linked.delete(other);
    other._linked.delete(this);
  }

  /** True while this gallery or a linked one is animating: index changes are refused. */
  busy(): boolean {
    return this._inMotion || [...this._linked].some((gallery) => gallery._inMotion);
  }

  lastIndex(): number {
    return Math.max(0, Math.min(this.count - 1, this.design?.lastIndex?.() ?? this.count - 1));
  }

  /** Selects slide `index` (wrapped); answers false when refused or already current. */
  goTo(index: number, options: { instant?: boolean; direction?: Direction } = {}): boolean {
    if (this.count === 0 || this.busy()) return false;
    const target = Math.min(wrapIndex(index, this.count), this.lastIndex());
    if (target === this._index) return false;
    const previous = this._index;
    const direction = options.direction ?? (target > previous ? 'forward' : 'reverse');
    this._move(target, previous, direction, options.instant === true);
    for (const gallery of this._linked) gallery._follow(target, direction);
    return true;
  }

  next(): boolean {
    const step = Math.max(1, this.design?.step?.() ?? 1);
    const last = this.lastIndex();
    if (this._index >= last) {
      if (!this.loop) {
        this.emit('reachedEnd', {});
        return false;
      }
      return this.goTo(0, { direction: 'forward' });
    }
    return this.goTo(Math.min(this._index + step, last), { direction: 'forward' });
  }

  previous(): boolean {
    const step = Math.max(1, this.design?.step?.() ?? 1);
    if (this._index <= 0) {
      if (!this.loop) {
        this.emit('reachedBeginning', {});
        return false;
      }
      return this.goTo(this.lastIndex(), { direction: 'reverse' });
    }
    return this.goTo(Math.max(0, this._index - step), { direction: 'reverse' });
  }

  /** Sets the index without animation or events (used once, before the first paint). */
  setInitial(index: number): void {
    this._index = Math.min(wrapIndex(index, this.count), this.lastIndex());
  }

  private _follow(target: number, direction: Direction): void {
    const wrapped = Math.min(wrapIndex(target, this.count), this.lastIndex());
    if (wrapped !== this._index) this._move(wrapped, this._index, direction, false);
  }

  private _move(target: number, previous: number, direction: Direction, instant: boolean): void {
    this._index = target;
    this.emit('change', { index: target, previous, direction });
    const motion = this.design?.show?.(target, previous, direction, instant);
    if (!motion) return;
    this._inMotion = true;
    this.emit('motionStart', { index: target });
    const end = () => {
      this._inMotion = false;
      this.emit('motionEnd', { index: target });
    };
    motion.then(end, (error: unknown) => {
      console.error('Gallery motion failed', error);
      end();
    });
  }

  destroy(): void {
    for (const gallery of [...this._linked]) this.unlink(gallery);
    this.design?.destroy();
    this.design = null;
    this.offAll();
  }
}
