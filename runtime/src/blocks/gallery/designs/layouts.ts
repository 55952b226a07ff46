/**
 * The designs that show every slide at once: base (stacked list), grid, autogrid, autorows,
 * autocolumns and list. They are CSS layouts driven by custom properties (gallery.css), so
 * the browser lays them out, with gallery.css in the page head before any script runs.
 */
import { markDesign, onResizeEnd, setVars, type Design, type DesignContext, type DesignFactory } from './types';

function layout(name: string, vars: (context: DesignContext) => Record<string, string | number>, extra?: (context: DesignContext) => () => void): DesignFactory {
  return (context) => {
    const teardowns = [markDesign(context.container, name), setVars(context.container, vars(context))];
    if (extra) teardowns.push(extra(context));
    const design: Design = {
      navigates: false,
      destroy: () => teardowns.forEach((teardown) => teardown()),
    };
    return design;
  };
}

/** Per-slide aspect ratios for the layouts that size cells by their image. */
function slideRatios({ gallery }: DesignContext): () => void {
  const undo = gallery.slides.map((slide) => setVars(slide.element, { '--tg-ar': slide.ratio ?? 1.5 }));
  return () => undo.forEach((teardown) => teardown());
}

/**
 * Auto columns (masonry-like): CSS columns at least `columnWidth` wide (behaviour min), or at
 * most that wide (behaviour max: one more column than fits), recomputed when the width settles.
 */
export function columnCount(width: number, columnWidth: number, gutter: number, behavior: 'min' | 'max'): number {
  const fit = (width + gutter) / (columnWidth + gutter);
  return Math.max(1, behavior === 'max' ? Math.ceil(fit) : Math.floor(fit));
}

export const base = layout('base', ({ options }) => ({ '--tg-gutter': `${options.gutter}px` }));

export const grid = layout('grid', ({ options }) => ({
  '--tg-per-row': options.perRow,
  '--tg-padding': `${options.padding}px`,
  '--tg-cell-ratio': options.squareThumbs ? 1 : (options.aspectRatio ?? 1.5),
  '--tg-fit': options.autoCrop ? 'cover' : 'contain',
}));

export const autogrid = layout('autogrid', ({ options }) => ({
  '--tg-column-width': `${options.columnWidth}px`,
  '--tg-gutter': `${options.gutter}px`,
  '--tg-cell-ratio': options.aspectRatio ?? 1,
}));

/** Justified rows: each cell grows in proportion to its aspect ratio from `rowHeight`. */
export const autorows = layout(
  'autorows',
  ({ options }) => ({ '--tg-row-height': `${options.rowHeight}px`, '--tg-gutter': `${options.gutter}px` }),
  slideRatios,
);

export const autocolumns = layout(
  'autocolumns',
  ({ options }) => ({ '--tg-gutter': `${options.gutter}px` }),
  ({ container, options }) => {
    // Counted from the observer's first notice (before the gallery is painted; until then the
    // stylesheet's column-width lays it out), not measured at mount: a forced layout per gallery.
    const apply = (width = container.getBoundingClientRect().width) => {
      const count = columnCount(width, options.columnWidth, options.gutter, options.columnWidthBehavior);
      container.style.setProperty('--tg-columns', String(count));
    };
    const stop = onResizeEnd(container, apply, apply);
    return () => {
      stop();
      container.style.removeProperty('--tg-columns');
    };
  },
);

export const list = layout('list', ({ options }) => ({
  '--tg-image-width': `${options.listImageWidth}%`,
  '--tg-gutter': `${options.gutter}px`,
}));
