/**
 * Fonts from npm font packages (@fontsource), served by this server: the owner's font picker
 * previews them and the chosen heading font goes on every page (part 2 §1, §3, §8).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SITE_FONTS, fontFileUrl, headingFontCss } from '../../../contract/model/fonts';
import { deleteSetting, readSetting, writeSetting } from '../repositories/settings';
import type { Storage } from '../storage/open';
import { crumbQuery } from '../schemas';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import type { FontsAnswer } from '../../../contract/api/owner-answers';

const KEY = 'headingFont';

export const HEADING_FONT_KEY = KEY;
export const fontById = (id: string | null | undefined) => SITE_FONTS.find((font) => font.id === id) ?? null;

export async function headingFont(store: Storage) {
  return fontById(await readSetting(store, KEY));
}

/** A page's <head> gets the heading font's stylesheet when the owner chose one. */
export function withHeadingFont(html: string, fontId: string | null | undefined): string {
  return fontById(fontId) ? html.replace(/<\/head>/i, '  <link rel="stylesheet" href="/fonts/site-fonts.css">\n</head>') : html;
}

export default async function fontRoutes(app: FastifyInstance): Promise<void> {
  app.get(OWNER_PATHS.fonts, { schema: { querystring: crumbQuery } }, async (): Promise<FontsAnswer> => ({
    fonts: SITE_FONTS.map((font) => ({ ...font, url: fontFileUrl(font.id) })),
    headingFont: (await headingFont(app.storage))?.id ?? null,
  }));

  app.put(
    OWNER_PATHS.headingFont,
    { schema: { querystring: crumbQuery, body: { type: 'object', required: ['id'], properties: { id: { type: ['string', 'null'], enum: [...SITE_FONTS.map((f) => f.id), null] } } } } },
    async (request) => {
      const { id } = request.body as { id: string | null };
      if (id) await writeSetting(app.storage, KEY, id);
      else await deleteSetting(app.storage, KEY);
      return { headingFont: id };
    },
  );

  app.get('/fonts/site-fonts.css', async (_request, reply) => {
    const font = await headingFont(app.storage);
    return reply.type('text/css; charset=utf-8').header('Cache-Control', 'no-cache').send(font ? headingFontCss(font) : '');
  });

  app.get('/fonts/:id/latin-400-normal.woff2', { schema: { params: { type: 'object', properties: { id: { type: 'string', maxLength: 40 } } } } }, async (request, reply) => {
    const font = SITE_FONTS.find((f) => f.id === (request.params as { id: string }).id);
    if (!font) return reply.callNotFound();
    const file = path.join(app.settings.rootDir, 'node_modules', '@fontsource', font.id, 'files', `${font.id}-latin-400-normal.woff2`);
    const bytes = await fs.readFile(file).catch(() => null);
    if (!bytes) return reply.callNotFound();
    return reply.type('font/woff2').header('Cache-Control', 'public, max-age=86400').header('Access-Control-Allow-Origin', '*').send(bytes);
  });
}
