/**
 * The runtime's own UI styles, added once when the first piece of UI shows (a constructed
 * sheet: platform/style-sheets.ts). Class names are prefixed `site-` so that themes can restyle them.
 * The overlay is a scroll container that keeps its scrolling: a drag or the wheel on a dialog or
 * around it does not scroll the page behind.
 */
import { addStyleSheet } from '../platform/style-sheets';

const STYLE_ID = 'site-runtime-ui-styles';

const CSS = `
.site-modal-host{padding:0;border:0;background:none;overflow:visible}
.site-modal-overlay{position:fixed;inset:0;display:flex;align-items:center;justify-content:center;overflow:auto;overscroll-behavior:contain;background:var(--site-overlay,rgba(0,0,0,.45));opacity:1;transition:opacity .3s ease}
.site-modal{box-sizing:border-box;overflow-wrap:anywhere;max-width:calc(100vw - 40px);max-height:calc(100dvh - 40px);overflow:auto;background:var(--site-surface,#fff);color:var(--site-on-surface,#111);border-radius:var(--site-radius,6px);box-shadow:0 10px 40px var(--site-shadow,rgba(0,0,0,.3));font:max(15px,.9375rem)/1.5 var(--site-font,system-ui,sans-serif);transform:none;transition:transform .3s ease}
.site-modal h2{margin:0 0 8px;font-size:max(18px,1.125rem);line-height:1.3}
.site-modal p{margin:0 0 12px;white-space:pre-wrap;word-break:break-word}
.site-modal :is(p,li,h1,h2,h3,h4,h5,h6){color:inherit}
.site-modal-buttons{display:flex;flex-wrap:wrap;gap:8px;justify-content:flex-end;margin-top:16px}
.site-modal-buttons button{font:inherit;min-height:44px;padding:8px 16px;border-radius:var(--site-radius,4px);border:1px solid var(--site-border,#444);background:var(--site-surface,#fff);color:var(--site-on-surface,#111);cursor:pointer}
.site-modal-buttons button.site-primary{background:var(--site-primary,#111);color:var(--site-on-primary,#fff);border-color:var(--site-primary,#111)}
.site-modal-buttons button:focus-visible{outline:3px solid var(--site-focus,#2563eb);outline-offset:2px}
.site-modal-key{font-size:max(12px,.75rem);color:var(--site-muted,#555);margin-top:12px}
.site-modal-hiding.site-modal-overlay{opacity:0}
.site-modal-hiding .site-modal{transform:translateY(8px)}
.site-tooltip{position:fixed;z-index:30100;box-sizing:border-box;padding:6px 10px;border-radius:var(--site-radius,4px);background:var(--site-tooltip-background,#111);color:var(--site-tooltip-color,#fff);font:max(13px,.8125rem)/1.4 var(--site-font,system-ui,sans-serif);pointer-events:none}
@media (prefers-reduced-motion:reduce){.site-modal-overlay,.site-modal{transition:none}}
@media (forced-colors:active){.site-modal,.site-tooltip{border:1px solid CanvasText}}
`;

export const ensureStyles = (): void => addStyleSheet(STYLE_ID, CSS);
