/**
 * Design name → lazy design module: a page downloads the layouts it shows and nothing else
 * (the static layouts share one small chunk; each moving design has its own).
 */
import type { DesignName } from '../options';
import type { DesignFactory } from './types';

const DESIGNS: Record<DesignName, () => Promise<DesignFactory>> = {
  base: () => import('./layouts').then((m) => m.base),
  grid: () => import('./layouts').then((m) => m.grid),
  autogrid: () => import('./layouts').then((m) => m.autogrid),
  autocolumns: () => import('./layouts').then((m) => m.autocolumns),
  autorows: () => import('./layouts').then((m) => m.autorows),
  list: () => import('./layouts').then((m) => m.list),
  stacked: () => import('./stacked').then((m) => m.stacked),
  strip: () => import('./strip').then((m) => m.strip),
  carousel: () => import('./carousel').then((m) => m.carousel),
};

/** The designs that show one slide (or group) at a time and so get controls, keys and swipe. */
export const MOVING_DESIGNS: ReadonlySet<string> = new Set(['stacked', 'strip', 'carousel']);

/** Part 2 §5: an unknown gallery or thumbnail design throws. */
export const designNotFound = (name: string) =>
  `These are not the gallery designs you are looking for. (We could not find a design by the name ${name})`;

export function loadDesign(name: string): Promise<DesignFactory> {
  if (!Object.prototype.hasOwnProperty.call(DESIGNS, name)) throw new Error(designNotFound(name));
  return DESIGNS[name as DesignName]();
}
