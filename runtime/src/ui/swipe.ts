/**
 * Swipe and tap on a gallery with Pointer Events (spec part 2 §4, §9). The recogniser reports
 * the drag as it happens (designs that follow the finger use it) and a decision on release.
 */
import { isRightToLeft } from '../platform/direction';
import { listen, type Teardown } from '../platform/events';

/** Part 2 §9 swipe constants. */
export const SWIPE_THRESHOLD_PX = 50;
export const SWIPE_THRESHOLD_MS = 250;
export const AXIS_LOCK_PX = 10;
export const VELOCITY_SAMPLES = 5;
export const TAP_MAX_MS = 250;
export const THRESHOLD_DIVISOR = 2.25;
export const TRANSITION_MIN_S = 0.2;
export const TRANSITION_MAX_S = 0.5;
export const TRANSITION_MAX_NARROW_S = 0.4;
export const NARROW_WIDTH_PX = 767;

export type SwipeDecision = 'next' | 'previous' | 'tap' | 'stay';

interface Sample {
  x: number;
  t: number;
}

/**
 * Decides what a release means: a quick flick (50 px within 250 ms) or a drag past the width
 * divided by 2.25 moves; a short touch without movement is a tap; anything else snaps back.
 * A drag to the left goes on to the next, or, right to left, to the previous.
 */
export function decide(dx: number, dtMs: number, width: number, rightToLeft = false): SwipeDecision {
  const distance = Math.abs(dx);
  if (distance < AXIS_LOCK_PX && dtMs < TAP_MAX_MS) return 'tap';
  const flick = distance >= SWIPE_THRESHOLD_PX && dtMs <= SWIPE_THRESHOLD_MS;
  const far = width > 0 && distance >= width / THRESHOLD_DIVISOR;
  if (!flick && !far) return 'stay';
  return dx < 0 !== rightToLeft ? 'next' : 'previous';
}

/** Velocity (px/ms) over the last VELOCITY_SAMPLES pointer samples. */
export function velocity(samples: Sample[]): number {
  const recent = samples.slice(-VELOCITY_SAMPLES);
  if (recent.length < 2) return 0;
  const first = recent[0]!;
  const last = recent[recent.length - 1]!;
  const dt = last.t - first.t;
  return dt > 0 ? (last.x - first.x) / dt : 0;
}

/** The release transition: the remaining distance at the finger's speed, clamped per width. */
export function transitionSeconds(remainingPx: number, speedPxPerMs: number, viewportWidth: number): number {
  const max = viewportWidth < NARROW_WIDTH_PX ? TRANSITION_MAX_NARROW_S : TRANSITION_MAX_S;
  const seconds = speedPxPerMs !== 0 ? Math.abs(remainingPx / speedPxPerMs) / 1000 : max;
  return Math.min(max, Math.max(TRANSITION_MIN_S, seconds));
}

export interface SwipeHandlers {
  /** The horizontal drag so far (axis-locked, in px, + to the right); designs may follow it. `towardNext`: in the reading direction. */
  move?(dx: number, towardNext: boolean): void;
  /** The release: decision plus the transition the design should use. */
  end(decision: SwipeDecision, dx: number, transitionS: number): void;
}

/**
 * Listens for touch and pen drags (a mouse drag would fight text selection and links). Once a
 * gesture moves 10 px it locks to an axis: vertical ones are left to the page's scrolling.
 * While the visitor has pinched in, drags are the browser's: the element lets it pan sideways
 * (its stylesheet allows only `pan-y pinch-zoom`), and no drag is a swipe.
 */
export function recogniseSwipe(element: HTMLElement, handlers: SwipeHandlers): Teardown {
  let start: { x: number; y: number; t: number; id: number; rightToLeft: boolean } | null = null;
  let axis: 'x' | 'y' | null = null;
  let samples: Sample[] = [];
  // A second finger is a pinch (zoom), never a swipe.
  const down = new Set<number>();

  const reset = () => {
    start = null;
    axis = null;
    samples = [];
  };

  // Pinched in (the visual viewport scaled up), drags are the browser's: `manipulation` pans both
  // ways and pinches, and the browser then cancels the pointer the drag began with.
  const viewport = window.visualViewport;
  const panWhileZoomed = (): void => void (element.style.touchAction = Number(viewport?.scale) > 1.01 ? 'manipulation' : '');
  panWhileZoomed();
  const teardowns = [
    // Where the browser has no visual viewport, nothing to follow: the window's resizes.
    listen(viewport ?? window, 'resize', panWhileZoomed),
    () => (element.style.touchAction = ''),
    listen(element, 'pointerdown', (event: PointerEvent) => {
      if (event.pointerType === 'mouse') return;
      down.add(event.pointerId);
      if (down.size > 1 || !event.isPrimary) {
        if (start && axis === 'x') handlers.end('stay', 0, TRANSITION_MIN_S);
        reset();
        return;
      }
      start = { x: event.clientX, y: event.clientY, t: event.timeStamp, id: event.pointerId, rightToLeft: isRightToLeft(element) };
      axis = null;
      samples = [{ x: event.clientX, t: event.timeStamp }];
    }),
    listen(element, 'pointermove', (event: PointerEvent) => {
      if (!start || event.pointerId !== start.id) return;
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      if (!axis && Math.max(Math.abs(dx), Math.abs(dy)) >= AXIS_LOCK_PX) axis = Math.abs(dx) >= Math.abs(dy) ? 'x' : 'y';
      if (axis === 'y') return;
      samples.push({ x: event.clientX, t: event.timeStamp });
      if (samples.length > VELOCITY_SAMPLES * 2) samples.shift();
      if (axis === 'x') handlers.move?.(dx, dx < 0 !== start.rightToLeft);
    }),
    listen(element, 'pointerup', (event: PointerEvent) => {
      down.delete(event.pointerId);
      if (!start || event.pointerId !== start.id) return;
      const dx = axis === 'y' ? 0 : event.clientX - start.x;
      const dt = event.timeStamp - start.t;
      const wasVertical = axis === 'y';
      const rightToLeft = start.rightToLeft;
      const width = element.getBoundingClientRect().width;
      const speed = velocity(samples);
      reset();
      if (wasVertical) return;
      const decision = decide(dx, dt, width, rightToLeft);
      const remaining = decision === 'next' || decision === 'previous' ? width - Math.abs(dx) : Math.abs(dx);
      handlers.end(decision, dx, transitionSeconds(remaining, speed, globalThis.innerWidth ?? width));
    }),
    listen(element, 'pointercancel', (event: PointerEvent) => {
      down.delete(event.pointerId);
      if (start && axis === 'x') handlers.end('stay', 0, TRANSITION_MIN_S);
      reset();
    }),
  ];
  return () => teardowns.forEach((teardown) => teardown());
}
