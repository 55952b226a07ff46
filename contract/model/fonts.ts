/**
 * The fonts the owner can pick (spec part 2 §3 font categories), each an npm font package the
 * reference server serves itself, so pickers and pages work offline. Pure.
 */
import { FONT_CATEGORIES } from './site-types';

export type FontCategory = (typeof FONT_CATEGORIES)[number];

export interface SiteFont {
  /** The @fontsource package name and our URL segment. */
  id: string;
  family: string;
  category: FontCategory;
}

export const SITE_FONTS: readonly SiteFont[] = [
  { id: 'inter', family: 'Inter', category: 'Sans Serif' },
  { id: 'lora', family: 'Lora', category: 'Serif' },
  { id: 'abril-fatface', family: 'Abril Fatface', category: 'Display' },
  { id: 'pacifico', family: 'Pacifico', category: 'Script' },
  { id: 'roboto-slab', family: 'Roboto Slab', category: 'Slab Serif' },
  { id: 'jetbrains-mono', family: 'JetBrains Mono', category: 'Mono' },
  { id: 'bungee', family: 'Bungee', category: 'Other' },
];

/** Where the server serves a font's regular latin face. */
export const fontFileUrl = (id: string) => `/fonts/${id}/latin-400-normal.woff2`;

/** The CSS a page gets for the owner's heading font. */
export function headingFontCss(font: SiteFont): string {
  return `@font-face{font-family:"${font.family}";src:url("${fontFileUrl(font.id)}") format("woff2");font-display:swap}h1,h2,h3{font-family:"${font.family}",system-ui,sans-serif}`;
}
