/**
 * Autoplay (spec part 2 §4, §9): advances on a timer, randomly within an interval when one is
 * set; paused for as long as any reason holds (pointer over, focus inside, a video playing,
 * the visitor's own pause, the tab hidden, the gallery scrolled out of view).
 */
export type PauseReason = 'hover' | 'focus' | 'video' | 'visitor' | 'hidden' | 'offscreen';

export class Autoplay {
  private readonly _reasons = new Set<PauseReason>();
  private _timer: ReturnType<typeof setTimeout> | undefined;
  private _running = false;

  constructor(
    private readonly _advance: () => void,
    private readonly _timeoutMs: number,
    private readonly _interval: [number, number] | null = null,
    private readonly _random: () => number = Math.random,
    private readonly _onState: (playing: boolean) => void = () => undefined,
  ) {}

  get playing(): boolean {
    return this._running && this._reasons.size === 0;
  }

  /** The wait before the next advance: the timeout, or a random time within the interval. */
  delay(): number {
    if (!this._interval) return this._timeoutMs;
    const [min, max] = this._interval;
    return min + Math.round(this._random() * (max - min));
  }

  start(): void {
    this._running = true;
    this._schedule();
  }

  stop(): void {
    this._running = false;
    clearTimeout(this._timer);
    this._timer = undefined;
    this._onState(false);
  }

  /** Only a playing autoplay has a timer: one paused (or not started) clears nothing. */
  pause(reason: PauseReason): void {
    const was = this.playing;
    this._reasons.add(reason);
    if (!was) return;
    clearTimeout(this._timer);
    this._timer = undefined;
    this._onState(false);
  }

  resume(reason: PauseReason): void {
    if (!this._reasons.delete(reason)) return;
    if (this.playing) this._schedule();
  }

  /** After any change of slide (by the visitor too) the full wait starts again. */
  restart(): void {
    if (this.playing) this._schedule();
  }

  private _schedule(): void {
    if (!this.playing) return;
    clearTimeout(this._timer);
    this._onState(true);
    this._timer = setTimeout(() => {
      this._timer = undefined;
      if (!this.playing) return;
      this._advance();
      this._schedule();
    }, this.delay());
  }
}
