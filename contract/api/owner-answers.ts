/**
 * What the owner API answers (the server's `/api/owner/…` routes ↔ the config app): one JSON
 * schema per answer, and its TypeScript type derived from that schema, so the two cannot
 * drift. The server's handlers return these types, the owner app reads them, and
 * server/test/owner-answers.test.ts validates every answer against its schema. Schemas are
 * plain JSON Schema (draft 7, as Fastify's Ajv reads it); types need no runtime import.
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { PmNode } from '../model/prose-mirror';

const text = { type: 'string' } as const;
const count = { type: 'integer', minimum: 0 } as const;
const isoTime = { type: 'string' } as const;
const numbersByName = { type: 'object', additionalProperties: { type: 'number' } } as const;
/** An object of exactly these properties, all required. */
const strict = <const T extends Record<string, JSONSchema>>(properties: T) =>
  ({ type: 'object', additionalProperties: false, required: Object.keys(properties) as Array<keyof T & string>, properties }) as const;

export const planAnswerSchema = strict({
  plan: text,
  trial: { type: 'boolean' },
  plans: { type: 'array', items: strict({ id: text, name: text, priceCents: count }) },
});
export type PlanAnswer = FromSchema<typeof planAnswerSchema>;

export const submissionsAnswerSchema = strict({
  submissions: {
    type: 'array',
    items: strict({
      id: count,
      formId: text,
      collectionId: { type: ['string', 'null'] },
      values: { type: 'object' },
      pageUrl: { type: ['string', 'null'] },
      isOverlayForm: { type: 'boolean' },
      createdAt: isoTime,
    }),
  },
});
export type SubmissionsAnswer = FromSchema<typeof submissionsAnswerSchema>;
export type OwnerSubmission = SubmissionsAnswer['submissions'][number];

/**
 * GET /api/owner/orders?limit=&before=: the store's orders, the newest first (`limit`, 500 at
 * most; `before` an order number: the next page), and how many there are in all. `kind`:
 * order, donation, subscription or giftcard; money in minor units of `currency`; `details`:
 * what the checkout asked besides the buyer (a gift card's recipient, a subscription's renewal).
 */
export const ordersAnswerSchema = strict({
  orders: {
    type: 'array',
    items: strict({
      orderNumber: count,
      kind: text,
      name: text,
      email: text,
      currency: text,
      totalCents: count,
      lines: { type: 'array', items: strict({ title: text, sku: text, quantity: count, lineTotalCents: count }) },
      details: { type: 'object' },
      createdAt: isoTime,
    }),
  },
  total: count,
});
export type OrdersAnswer = FromSchema<typeof ordersAnswerSchema>;
export type OwnerOrder = OrdersAnswer['orders'][number];

/** GET /api/owner/pageviews?from=YYYY-MM-DD&to=YYYY-MM-DD (UTC days, both included; default the last 30). */
export const pageViewsAnswerSchema = strict({
  from: text,
  to: text,
  total: count,
  visitors: count,
  perDay: { type: 'array', items: strict({ day: text, views: count }) },
  /** The 100 most viewed paths, most first. */
  perPath: { type: 'array', items: strict({ path: text, views: count }) },
  /** The 50 sites that sent the most views, as origins (`https://www.example.com`), most first; the site's own pages are not among them. */
  referrers: { type: 'array', items: strict({ referrer: text, views: count }) },
  /** The 50 campaigns that brought the most visits (landings, one a visit), most first: the landing's `source`, `channel` and `campaign`, or its `utm_source`, `utm_medium` and `utm_campaign`; '' for one not given (a channel for visits counted before version 0.3). */
  campaigns: { type: 'array', items: strict({ source: text, channel: text, campaign: text, landings: count }) },
  /** The same number of days just before `from`: their views and daily visitors, to compare with. */
  previous: strict({ from: text, to: text, total: count, visitors: count }),
});
export type PageViewsAnswer = FromSchema<typeof pageViewsAnswerSchema>;

/**
 * GET /api/owner/sales?days=N (or from, to; the site's days, as for page views): what the
 * orders placed in the range came to. `totals`: by kind (`order`, `donation`, `subscription`,
 * `giftcard`) and currency, the largest first; `perDay`: each day with orders, oldest first,
 * how many and what they came to in each currency (minor units, as `totalCents`).
 */
export const salesAnswerSchema = strict({
  from: text,
  to: text,
  totals: { type: 'array', items: strict({ kind: text, currency: text, orders: count, totalCents: count }) },
  perDay: { type: 'array', items: strict({ day: text, orders: count, totals: { type: 'object', additionalProperties: count } }) },
});
export type SalesAnswer = FromSchema<typeof salesAnswerSchema>;

export const performanceAnswerSchema = strict({
  from: text,
  to: text,
  records: count,
  overall: numbersByName,
  perPath: { type: 'array', items: strict({ path: text, p75: numbersByName, samples: count }) },
  perDay: { type: 'array', items: strict({ day: text, p75: numbersByName, samples: count }) },
});
export type PerformanceAnswer = FromSchema<typeof performanceAnswerSchema>;

export const errorsAnswerSchema = strict({
  from: text,
  to: text,
  /** `latestReport`: the id of the newest report of that message still kept (GET /api/owner/errors/:id), null once none is. */
  errors: { type: 'array', items: strict({ message: text, count, reports: count, lastSeen: isoTime, latestReport: { type: ['integer', 'null'] } }) },
});
export type ErrorsAnswer = FromSchema<typeof errorsAnswerSchema>;
export type OwnerErrorGroup = ErrorsAnswer['errors'][number];

const maybeText = { type: ['string', 'null'] } as const;
const maybeCount = { type: ['integer', 'null'], minimum: 0 } as const;
/**
 * GET /api/owner/errors/:id: one report as the browser sent it (its fields null where it sent
 * none), with the page it came from (its address without the query) and the browser's
 * User-Agent, null for reports stored before they were kept.
 */
export const errorReportAnswerSchema = strict({
  id: count,
  message: text,
  at: isoTime,
  count,
  source: maybeText,
  line: maybeCount,
  column: maybeCount,
  stack: maybeText,
  page: maybeText,
  browser: maybeText,
});
export type ErrorReportAnswer = FromSchema<typeof errorReportAnswerSchema>;

export const reviewsAnswerSchema = strict({
  reviews: {
    type: 'array',
    items: strict({ id: count, productId: text, productTitle: text, rating: { type: 'integer', minimum: 1, maximum: 5 }, body: text, createdAt: isoTime }),
  },
});
export type ReviewsAnswer = FromSchema<typeof reviewsAnswerSchema>;

const pageEntry = { path: text, title: text } as const;
export const pagesAnswerSchema = strict({ pages: { type: 'array', items: strict(pageEntry) } });
export type PagesAnswer = FromSchema<typeof pagesAnswerSchema>;

export const pageSettingsAnswerSchema = strict({
  timeZone: text,
  pages: {
    type: 'array',
    items: strict({ ...pageEntry, workflowState: { type: 'integer' }, locked: { type: 'boolean' }, membersOnly: { type: 'boolean' }, publishAt: { type: ['number', 'null'] } }),
  },
});
export type PageSettingsAnswer = FromSchema<typeof pageSettingsAnswerSchema>;
export type OwnerPage = PageSettingsAnswer['pages'][number];

const buttonEntry = strict({ id: text, page: text, buttonText: text, clickthroughUrl: text, newWindow: { type: 'boolean' } });
export const buttonsAnswerSchema = strict({ buttons: { type: 'array', items: buttonEntry } });
export type ButtonsAnswer = FromSchema<typeof buttonsAnswerSchema>;
export type OwnerButton = ButtonsAnswer['buttons'][number];
/** PUT /api/owner/blocks/:id/button answers the button as saved. */
export const buttonAnswerSchema = strict({ id: text, buttonText: text, clickthroughUrl: text, newWindow: { type: 'boolean' } });
export type ButtonAnswer = FromSchema<typeof buttonAnswerSchema>;

// A prose-mirror document is checked against the editor's schema where it is saved; here it is an object.
const richText = { type: ['object', 'null'] } as const;
type WithDoc<T, K extends string> = Omit<T, K> & { [key in K]: PmNode | null };

export const formsAnswerSchema = strict({
  forms: { type: 'array', items: strict({ id: text, page: text, successDoc: richText, pageSuccessHtml: { type: ['string', 'null'] } }) },
});
export type OwnerForm = WithDoc<FromSchema<typeof formsAnswerSchema>['forms'][number], 'successDoc'>;
export type FormsAnswer = { forms: OwnerForm[] };

export const announcementAnswerSchema = strict({ doc: richText, show: { type: 'boolean' } });
export type AnnouncementAnswer = WithDoc<FromSchema<typeof announcementAnswerSchema>, 'doc'>;

export const codeInjectionAnswerSchema = strict({ header: text, footer: text });
export type CodeInjectionAnswer = FromSchema<typeof codeInjectionAnswerSchema>;

export const fontsAnswerSchema = strict({
  fonts: { type: 'array', items: strict({ id: text, family: text, category: text, url: text }) },
  headingFont: { type: ['string', 'null'] },
});
export type FontsAnswer = FromSchema<typeof fontsAnswerSchema>;

const fileEntry = strict({ name: text, url: text, type: text, size: count, widths: { type: 'array', items: count }, updatedAt: isoTime });
export const filesAnswerSchema = strict({ files: { type: 'array', items: fileEntry } });
export type FilesAnswer = FromSchema<typeof filesAnswerSchema>;
export type OwnerFile = FilesAnswer['files'][number];

/** PUT /api/owner/files/:name answers the stored file and, for an image, its processing job. */
export const uploadAnswerSchema = strict({ file: fileEntry, jobId: { type: ['string', 'null'] } });
export type UploadAnswer = FromSchema<typeof uploadAnswerSchema>;

/** POST /api/owner/files/:name/rename answers the file under its new (cleaned) name. */
export const fileRenamedAnswerSchema = strict({ file: fileEntry });
export type FileRenamedAnswer = FromSchema<typeof fileRenamedAnswerSchema>;

export const jobAnswerSchema = strict({
  id: text,
  file: text,
  status: { type: 'string', enum: ['running', 'complete', 'failed', 'cancelled'] },
  widths: { type: 'array', items: count },
});
export type JobAnswer = FromSchema<typeof jobAnswerSchema>;

const cell = { type: ['string', 'number', 'null'] } as const;
const datasetEntry = {
  id: text,
  name: text,
  dataset: strict({ columns: { type: 'array', items: text }, rows: { type: 'array', items: { type: 'array', items: cell } } }),
  updatedAt: isoTime,
} as const;
export const datasetsAnswerSchema = strict({ datasets: { type: 'array', items: strict(datasetEntry) } });
export type DatasetsAnswer = FromSchema<typeof datasetsAnswerSchema>;
export type OwnerDataset = DatasetsAnswer['datasets'][number];
/** PUT /api/owner/datasets/:id answers the dataset as stored, and whether it was cut to the limits. */
export const datasetSavedAnswerSchema = strict({ ...datasetEntry, truncated: { type: 'boolean' } });
export type DatasetSavedAnswer = FromSchema<typeof datasetSavedAnswerSchema>;

export const mailingListsAnswerSchema = strict({
  lists: { type: 'array', items: strict({ id: text, name: text, subscribers: count }) },
  newsletters: { type: 'array', items: strict({ formId: text, listId: { type: ['string', 'null'] } }) },
});
export type MailingListsAnswer = FromSchema<typeof mailingListsAnswerSchema>;

/** GET /api/owner/subscribers: every list that has subscribers, with its name where site.json declares it (else the newsletter form's own sign-ups). */
export const subscriberListsAnswerSchema = strict({
  lists: { type: 'array', items: strict({ listId: text, name: { type: ['string', 'null'] }, subscribers: count }) },
});
export type SubscriberListsAnswer = FromSchema<typeof subscriberListsAnswerSchema>;
/**
 * GET /api/owner/subscribers/lists/:listId?after=&limit=: a page of a list's subscribers by
 * address; `next` asks for the one after. `unsubscribePath`: the subscriber's link (a path on
 * the site) to leave every list, for the owner's newsletters.
 */
export const subscribersAnswerSchema = strict({
  subscribers: { type: 'array', items: strict({ email: text, createdAt: isoTime, unsubscribePath: { type: ['string', 'null'] } }) },
  next: { type: ['string', 'null'] },
});
export type SubscribersAnswer = FromSchema<typeof subscribersAnswerSchema>;
/**
 * GET /api/owner/members?find=&limit=: the site's members (who sign in to its members' pages) by
 * address, the first `limit` (1,000 at most) of those whose address contains `find` (any case);
 * `total`: how many there are in all.
 */
export const membersAnswerSchema = strict({
  members: { type: 'array', items: strict({ email: text, createdAt: isoTime }) },
  total: count,
});
export type MembersAnswer = FromSchema<typeof membersAnswerSchema>;
/**
 * POST /api/owner/members ({email}) and POST /api/owner/members/:email/password: the member's
 * new password, made by the server and shown to the owner this once, to pass on.
 */
/** `mailed`: the member also got a link to choose their own password (the server sends mail). */
export const memberPasswordAnswerSchema = strict({ email: text, password: text, mailed: { type: 'boolean' } });
export type MemberPasswordAnswer = FromSchema<typeof memberPasswordAnswerSchema>;

/**
 * GET /api/owner/mail: whether the server mails the owner a notice of each submission and order
 * (SMTP_URL) and to whom; `waiting`: mails that failed and wait to be tried again, made since
 * `waitingSince`; `failed`: mails refused for good in the last 30 days; `problem`: the latest
 * error of those waiting, else of those failed, in the settings' terms.
 */
export const mailAnswerSchema = strict({
  sending: { type: 'boolean' },
  to: { type: 'array', items: text },
  waiting: count,
  waitingSince: { type: ['string', 'null'] },
  failed: count,
  problem: { type: ['string', 'null'] },
});
export type MailAnswer = FromSchema<typeof mailAnswerSchema>;

/** GET /api/owner/account: the signed-in account's address (the Account tab names it, and gives it to password managers). */
export const accountAnswerSchema = strict({ email: text });
export type AccountAnswer = FromSchema<typeof accountAnswerSchema>;

/** POST /api/owner/password ({current, password}): the owner's own new password is set; `endedSessions`: their other sessions, signed out. */
export const passwordChangedAnswerSchema = strict({ endedSessions: count });
export type PasswordChangedAnswer = FromSchema<typeof passwordChangedAnswerSchema>;

/** DELETE /api/owner/subscribers/:email (every list), DELETE /api/owner/submissions/:id, DELETE /api/owner/orders/:orderNumber, DELETE /api/owner/members/:email. */
export const removedAnswerSchema = strict({ removed: count });
export type RemovedAnswer = FromSchema<typeof removedAnswerSchema>;

export const taxonomyAnswerSchema = strict({ tags: { type: 'array', items: text }, categories: { type: 'array', items: text } });
export type TaxonomyAnswer = FromSchema<typeof taxonomyAnswerSchema>;

/** Every GET of the owner API with the schema of its answer (the test walks this list). */
export const OWNER_GET_ANSWERS = {
  plan: planAnswerSchema,
  submissions: submissionsAnswerSchema,
  orders: ordersAnswerSchema,
  pageviews: pageViewsAnswerSchema,
  sales: salesAnswerSchema,
  performance: performanceAnswerSchema,
  errors: errorsAnswerSchema,
  reviews: reviewsAnswerSchema,
  pages: pagesAnswerSchema,
  pageSettings: pageSettingsAnswerSchema,
  buttons: buttonsAnswerSchema,
  forms: formsAnswerSchema,
  announcement: announcementAnswerSchema,
  codeInjection: codeInjectionAnswerSchema,
  fonts: fontsAnswerSchema,
  files: filesAnswerSchema,
  datasets: datasetsAnswerSchema,
  mailingLists: mailingListsAnswerSchema,
  subscriberLists: subscriberListsAnswerSchema,
  members: membersAnswerSchema,
  mail: mailAnswerSchema,
  account: accountAnswerSchema,
  taxonomy: taxonomyAnswerSchema,
} as const;
