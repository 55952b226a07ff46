/**
 * Editing blocks from the owner app: the site's pages (for page links) and its buttons, whose
 * link, text and new-window flag the owner sets (stored as block overrides, part 2 §5 rules).
 */
import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { classify } from '../../../contract/url/classify';
import { isProperMailto, isProperTel, isProperUrl } from '../../../contract/url/links';
import { blockJsonOf, blockOverrides, decodeAttribute, saveBlockOverride } from '../block-overrides';
import { renderProseMirror, type PmNode } from '../../../contract/model/prose-mirror';
import { notExpectedOption } from '../../../contract/model/editor-messages';
import { TAG_INSIDE, anyAttribute, attribute, escapeHtml, tagHas, unquoted } from '../html';
import { richTextProblem } from '../rich-text';
import { crumbQuery } from '../schemas';
import { searchIndex } from '../site-search';
import { examplesDir, readSiteSettings, siteTitleOf, withoutSiteTitle } from '../site-page';
import { readSetting, writeSetting } from '../repositories/settings';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import type { ButtonsAnswer, FormsAnswer, OwnerButton, OwnerForm, PagesAnswer } from '../../../contract/api/owner-answers';

/** A block's id in its tag (three groups, one for each way of quoting: idOf). */
const BLOCK_ID = tagHas(attribute('id', String.raw`block-([\w-]{1,64})`));
const idOf = (match: RegExpMatchArray) => (match[1] ?? match[2] ?? match[3])!;
const FORM = new RegExp(String.raw`<[a-z]+\b${BLOCK_ID}${tagHas(attribute('data-block-type', 'form'))}${TAG_INSIDE}>`, 'gi');
const SUCCESS_KEY = (id: string) => `formSuccess:${id}`;
const blockParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[\\w-]{1,64}$' } } } as const;

/** A button block and the link right inside it: the id (idOf), the link's href as written (group 4) and its text (5). */
const BUTTON = new RegExp(String.raw`<[a-z]+\b${BLOCK_ID}${tagHas(attribute('data-block-type', 'button'))}${TAG_INSIDE}>\s*<a\b${tagHas(anyAttribute('href'))}${TAG_INSIDE}>([^<]*)<\/a>`, 'gi');

/** A link the site may carry: a page or file of its own, a proper web address, mail or phone. */
export function acceptableLink(href: string): boolean {
  const kind = classify(href);
  if (kind === 'content' || kind === 'file') return href.length < 150 && !/[\s<>"']/.test(href);
  if (kind === 'external') return isProperUrl(href);
  if (kind === 'misc') return isProperMailto(href) || isProperTel(href);
  return false;
}

/** A form block's own success text as HTML, as the block shows it (its successHtml, else its successMessage); null for the default. */
function successHtmlOf(settings: Record<string, unknown>): string | null {
  if (typeof settings.successHtml === 'string' && settings.successHtml) return settings.successHtml;
  if (typeof settings.successMessage === 'string' && settings.successMessage) return `<p>${escapeHtml(settings.successMessage)}</p>`;
  return null;
}

/** The form blocks of a page: each one's id and opening tag. */
export const formBlocksOf = (html: string) => Array.from(html.matchAll(FORM), (match) => ({ id: idOf(match), tag: match[0] }));

/** The button blocks of a page as the owner edits them: the owner's values over the page's own. */
export function buttonsOf(html: string, page: string, overrides: Map<string, Record<string, unknown>>): OwnerButton[] {
  return Array.from(html.matchAll(BUTTON), (match) => {
    const id = idOf(match);
    const own = overrides.get(id) ?? {};
    return {
      id,
      page,
      // The markup's text and href with their character references read (`&amp;` is `&`).
      buttonText: typeof own.buttonText === 'string' ? own.buttonText : decodeAttribute(match[5]!.trim()),
      clickthroughUrl: typeof own.clickthroughUrl === 'string' ? own.clickthroughUrl : decodeAttribute(unquoted(match[4]!)),
      newWindow: typeof own.newWindow === 'boolean' ? own.newWindow : blockJsonOf(match[0]).newWindow === true,
    };
  });
}

export default async function blockRoutes(app: FastifyInstance): Promise<void> {
  const dir = examplesDir(app);

  app.get(OWNER_PATHS.pages, { schema: { querystring: crumbQuery } }, async (): Promise<PagesAnswer> => {
    const siteTitle = siteTitleOf(await readSiteSettings(app));
    return { pages: (await searchIndex(dir)).map((page) => ({ path: page.path, title: withoutSiteTitle(page.title, siteTitle) })) };
  });

  app.get(OWNER_PATHS.buttons, { schema: { querystring: crumbQuery } }, async (): Promise<ButtonsAnswer> => {
    const overrides = await blockOverrides(app.storage);
    const buttons: OwnerButton[] = [];
    for (const name of (await fs.readdir(dir)).filter((n) => n.endsWith('.html')).sort()) {
      buttons.push(...buttonsOf(await fs.readFile(`${dir}/${name}`, 'utf8'), name === 'index.html' ? '/' : `/${name.replace(/\.html$/, '')}`, overrides));
    }
    return { buttons };
  });

  app.put(
    OWNER_PATHS.blockButton,
    {
      schema: {
        querystring: crumbQuery,
        params: blockParams,
        body: {
          type: 'object',
          required: ['clickthroughUrl', 'buttonText'],
          additionalProperties: false,
          properties: { clickthroughUrl: { type: 'string', maxLength: 1000 }, buttonText: { type: 'string', minLength: 1, maxLength: 100 }, newWindow: { type: 'boolean', default: false } },
        },
      },
    },
    async (request, reply) => {
      const body = request.body as { clickthroughUrl: string; buttonText: string; newWindow: boolean };
      if (!acceptableLink(body.clickthroughUrl)) return reply.code(400).send({ error: notExpectedOption(body.clickthroughUrl) });
      const { id } = request.params as { id: string };
      await saveBlockOverride(app.storage, id, { clickthroughUrl: body.clickthroughUrl, buttonText: body.buttonText.trim(), newWindow: body.newWindow });
      return { id, ...body };
    },
  );

  // Form success text (part 2 §1 rich text): edited as prose-mirror text, shown as its HTML.
  // Until the owner saves one, the editor starts from the text the page's block shows now.
  app.get(OWNER_PATHS.forms, { schema: { querystring: crumbQuery } }, async (): Promise<FormsAnswer> => {
    const forms: OwnerForm[] = [];
    for (const name of (await fs.readdir(dir)).filter((n) => n.endsWith('.html')).sort()) {
      for (const { id, tag } of formBlocksOf(await fs.readFile(`${dir}/${name}`, 'utf8'))) {
        const stored = await readSetting(app.storage, SUCCESS_KEY(id));
        forms.push({
          id,
          page: name === 'index.html' ? '/' : `/${name.replace(/\.html$/, '')}`,
          successDoc: stored ? (JSON.parse(stored) as PmNode) : null,
          pageSuccessHtml: successHtmlOf(blockJsonOf(tag)),
        });
      }
    }
    return { forms };
  });

  app.put(
    OWNER_PATHS.blockSuccess,
    {
      schema: {
        querystring: crumbQuery,
        params: blockParams,
        body: { type: 'object', required: ['doc'], additionalProperties: false, properties: { doc: { type: 'object', required: ['type'], properties: { type: { const: 'doc' } } } } },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const { doc } = request.body as { doc: PmNode };
      const problem = richTextProblem(doc);
      if (problem) return reply.code(400).send({ error: problem });
      const json = JSON.stringify(doc);
      const html = renderProseMirror(doc);
      await writeSetting(app.storage, SUCCESS_KEY(id), json);
      await saveBlockOverride(app.storage, id, { successHtml: html });
      return { id, successHtml: html };
    },
  );
}
