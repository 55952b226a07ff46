import type { CensusPageFields } from '../../../contract/model/api/census';
import { readCookie } from '../platform/cookies';
import type { PageContext } from '../../../contract/context/types';

/** CONTRACT §3a: the visitor record cookie. */
export const VISITOR_RECORD_COOKIE = 'ss_cvr';

/** The page fields census calls and form submissions carry (spec part 1 §3). */
export function censusPageFields(page: Readonly<PageContext>): CensusPageFields {
  const fields: CensusPageFields = { url: location.href.slice(0, 2048), title: document.title.slice(0, 1024), referrer: document.referrer.slice(0, 2048) };
  if (page.website.id) fields.websiteId = page.website.id;
  if (page.collectionId) fields.collectionId = page.collectionId;
  if (page.itemId) fields.itemId = page.itemId;
  const visitor = readCookie(VISITOR_RECORD_COOKIE);
  if (visitor) fields.visitorCookie = visitor;
  return fields;
}
