/**
 * The link editor's rules (spec part 2 §2, §5; URL rules of part 1 §5): what each link type
 * accepts, the spec's messages, and the address it makes. Pure.
 */
import { LINK_TYPES, PLEASE_ENTER_VALID_EMAIL, emailsMustBeFormattedAs, linksMustBeFormattedAs, notExpectedOption, notValidPageUrl, type LinkType } from '../../contract/model/editor-messages';
import { classify } from '../../contract/url/classify';
import { isProperMailto, isProperTel, isProperUrl } from '../../contract/url/links';

export interface LinkInput {
  type: string;
  page?: string;
  url?: string;
  email?: string;
  cc?: string;
  bcc?: string;
  subject?: string;
  body?: string;
  phone?: string;
  file?: string;
}

export type LinkResult = { href: string } | { error: string; field: keyof LinkInput };

const EXAMPLE_EMAIL = 'name@example.com';
/** Ours: the spec has no message for a phone link. */
export const PHONE_NUMBER = 'Enter a phone number with at least 4 digits (and + or - only)';
const address = (value: string) => `mailto:${value}`;

export function buildLink(input: LinkInput, pages: readonly string[], files: readonly string[]): LinkResult {
  if (!(LINK_TYPES as readonly string[]).includes(input.type)) return { error: notExpectedOption(input.type), field: 'type' };
  const type = input.type as LinkType;
  if (type === 'Page') {
    const page = (input.page ?? '').trim();
    return pages.includes(page) && classify(page) === 'content' ? { href: page } : { error: notValidPageUrl(page || '""'), field: 'page' };
  }
  if (type === 'Web Address') {
    const raw = (input.url ?? '').trim();
    const url = /^[a-z][a-z\d+.-]*:/i.test(raw) ? raw : `https://${raw}`;
    return isProperUrl(url) ? { href: url } : { error: linksMustBeFormattedAs('example.com', 'https://example.com'), field: 'url' };
  }
  if (type === 'Email') {
    const fields = ['email', 'cc', 'bcc'] as const;
    for (const field of fields) {
      const value = (input[field] ?? '').trim();
      if (field === 'email' && !value) return { error: PLEASE_ENTER_VALID_EMAIL, field };
      for (const one of value ? value.split(',').map((v) => v.trim()) : []) {
        if (!isProperMailto(address(one))) return { error: emailsMustBeFormattedAs(EXAMPLE_EMAIL), field };
      }
    }
    const query = new URLSearchParams();
    for (const key of ['cc', 'bcc', 'subject', 'body'] as const) if (input[key]?.trim()) query.set(key, input[key]!.trim());
    // URLSearchParams writes spaces as '+', which mail clients show as plus signs.
    const search = query.toString().replace(/\+/g, '%20');
    const href = address(input.email!.trim()) + (search ? `?${search}` : '');
    return href.length < 1000 ? { href } : { error: emailsMustBeFormattedAs(EXAMPLE_EMAIL), field: 'body' };
  }
  if (type === 'Phone') {
    const number = (input.phone ?? '').replace(/[\s().]/g, '');
    return isProperTel(`tel:${number}`) ? { href: `tel:${number}` } : { error: PHONE_NUMBER, field: 'phone' };
  }
  const file = (input.file ?? '').trim();
  return files.includes(file) && classify(file) === 'file' ? { href: file } : { error: notExpectedOption(file || '""'), field: 'file' };
}

/** An existing address read back into the editor's fields. */
export function linkInputFrom(href: string): LinkInput {
  if (href.startsWith('mailto:')) {
    const [to = '', search = ''] = href.slice(7).split('?');
    const query = new URLSearchParams(search);
    return { type: 'Email', email: decodeURIComponent(to), cc: query.get('cc') ?? '', bcc: query.get('bcc') ?? '', subject: query.get('subject') ?? '', body: query.get('body') ?? '' };
  }
  if (href.startsWith('tel:')) return { type: 'Phone', phone: href.slice(4) };
  const kind = classify(href);
  if (kind === 'file') return { type: 'File', file: href };
  if (kind === 'content') return { type: 'Page', page: href };
  return { type: 'Web Address', url: href };
}
