/**
 * Code injection (spec part 2 §1): the owner's HTML for the end of every page's <head> and
 * <body>. Owner-authored code is trusted content, as the spec has it; a strict CSP decides
 * what of it runs (docs/owner-app.md, "Code injection").
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { crumbQuery } from '../schemas';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import type { CodeInjectionAnswer } from '../../../contract/api/owner-answers';

const KEY = 'codeInjection';
export const MAX_CODE_LENGTH = 20_000;

export interface CodeInjection {
  header: string;
  footer: string;
}

export function codeInjection(db: Db): CodeInjection {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(KEY) as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as CodeInjection) : { header: '', footer: '' };
}

/** The page with the owner's header code before </head> and footer code before </body>. */
export function withCodeInjection(html: string, code: CodeInjection): string {
  let out = html;
  if (code.header) out = out.replace(/<\/head>/i, () => `${code.header}\n</head>`);
  if (code.footer) out = out.replace(/<\/body>(?![\s\S]*<\/body>)/i, () => `${code.footer}\n</body>`);
  return out;
}

export default async function codeInjectionRoutes(app: FastifyInstance): Promise<void> {
  app.get(OWNER_PATHS.codeInjection, { schema: { querystring: crumbQuery } }, async (): Promise<CodeInjectionAnswer> => codeInjection(app.db));
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
      app.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(KEY, JSON.stringify(code));
      return code;
    },
  );
}
