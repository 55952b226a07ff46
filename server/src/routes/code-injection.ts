/**
 * Code injection (spec part 2 §1): the owner's HTML for the end of every page's <head> and
 * <body>. Owner-authored code is trusted content, as the spec has it; a strict CSP decides
 * what of it runs (docs/owner-app.md, "Code injection").
 */
import type { FastifyInstance } from 'fastify';
import { readSetting, writeSetting } from '../repositories/settings';
import type { Storage } from '../storage/open';
import { crumbQuery } from '../schemas';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import type { CodeInjectionAnswer } from '../../../contract/api/owner-answers';

const KEY = 'codeInjection';
export const MAX_CODE_LENGTH = 20_000;

export interface CodeInjection {
  header: string;
  footer: string;
}

export const CODE_INJECTION_KEY = KEY;
export const parseCodeInjection = (value: string | null | undefined): CodeInjection => (value ? (JSON.parse(value) as CodeInjection) : { header: '', footer: '' });

export async function codeInjection(store: Storage): Promise<CodeInjection> {
  return parseCodeInjection(await readSetting(store, KEY));
}

/** The page with the owner's header code before </head> and footer code before </body>. */
export function withCodeInjection(html: string, code: CodeInjection): string {
  let out = html;
  if (code.header) out = out.replace(/<\/head>/i, () => `${code.header}\n</head>`);
  if (code.footer) out = out.replace(/<\/body>(?![\s\S]*<\/body>)/i, () => `${code.footer}\n</body>`);
  return out;
}

export default async function codeInjectionRoutes(app: FastifyInstance): Promise<void> {
  app.get(OWNER_PATHS.codeInjection, { schema: { querystring: crumbQuery } }, async (): Promise<CodeInjectionAnswer> => codeInjection(app.storage));
  app.put(
    OWNER_PATHS.codeInjection,
    {
      schema: {
        querystring: crumbQuery,
        body: { type: 'object', required: ['header', 'footer'], additionalProperties: false, properties: { header: { type: 'string', maxLength: MAX_CODE_LENGTH }, footer: { type: 'string', maxLength: MAX_CODE_LENGTH } } },
      },
    },
    async (request) => {
      const code = request.body as CodeInjection;
      await writeSetting(app.storage, KEY, JSON.stringify(code));
      return code;
    },
  );
}
