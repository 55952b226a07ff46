/**
 * The owner API (the config app at /config/ ↔ the server): every path, in one place. The
 * server registers its routes with these, the owner app calls them through `ownerPath`, which
 * fills a route's `:params` encoded. Pure: no imports.
 */
export const OWNER_PATHS = {
  plan: '/api/owner/plan',
  pages: '/api/owner/pages',
  pageSettings: '/api/owner/page-settings',
  buttons: '/api/owner/buttons',
  blockButton: '/api/owner/blocks/:id/button',
  blockSuccess: '/api/owner/blocks/:id/success',
  forms: '/api/owner/forms',
  submissions: '/api/owner/submissions',
  submission: '/api/owner/submissions/:id',
  orders: '/api/owner/orders',
  order: '/api/owner/orders/:orderNumber',
  subscriberLists: '/api/owner/subscribers',
  subscribers: '/api/owner/subscribers/lists/:listId',
  subscriber: '/api/owner/subscribers/:email',
  members: '/api/owner/members',
  member: '/api/owner/members/:email',
  memberPassword: '/api/owner/members/:email/password',
  mail: '/api/owner/mail',
  password: '/api/owner/password',
  account: '/api/owner/account',
  pageviews: '/api/owner/pageviews',
  sales: '/api/owner/sales',
  performance: '/api/owner/performance',
  errors: '/api/owner/errors',
  errorReport: '/api/owner/errors/:id',
  reviews: '/api/owner/reviews',
  announcement: '/api/owner/announcement',
  codeInjection: '/api/owner/code-injection',
  fonts: '/api/owner/fonts',
  headingFont: '/api/owner/fonts/heading',
  files: '/api/owner/files',
  file: '/api/owner/files/:name',
  fileRename: '/api/owner/files/:name/rename',
  job: '/api/owner/jobs/:id',
  datasets: '/api/owner/datasets',
  dataset: '/api/owner/datasets/:id',
  mailingLists: '/api/owner/mailing-lists',
  mailingListConnection: '/api/owner/mailing-lists/connections/:formId',
  taxonomy: '/api/owner/taxonomy',
  taxonomyKind: '/api/owner/taxonomy/:kind',
  taxonomyName: '/api/owner/taxonomy/:kind/:name',
} as const;

/** A route with its `:params` filled, each encoded: `ownerPath(OWNER_PATHS.file, { name: 'a b.png' })`. */
export function ownerPath(route: string, params: Record<string, string | number>): string {
  return route.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route} needs ${name}`);
    return encodeURIComponent(String(value));
  });
}
