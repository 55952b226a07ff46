/**
 * fast-check generators shared by the fuzz tests: hostile strings, block markup, block JSON and
 * network answers. Each leans towards the shapes the runtime reads (known keys, slide
 * attributes) so that generated cases reach past the first type check.
 */
import fc from 'fast-check';
import { FIELD_TYPES } from '../../../contract/model/forms/types';

/** Strings a hostile page, visitor or owner might put where the runtime reads text or URLs. */
export const HOSTILE_STRINGS = [
  'javascript:window.__pwned=1',
  ' JaVaScRiPt:window.__pwned=1',
  'data:text/html,<script>window.__pwned=1</script>',
  '"><img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '//evil.example/',
  '/\\evil.example',
  '__proto__',
  'constructor',
  '%E0%A4%A',
  '\u0000\uFFFF\uD800',
  '1e309',
  '-0',
  'NaN',
  ' ',
];

export const hostileString = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom(...HOSTILE_STRINGS));

/** Any JSON value, with hostile strings among the leaves. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    hostileString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Keys the blocks read from their JSON (gallery, form, map, summary, image, button, …). */
const CONFIG_KEYS = [
  'design', 'thumbnails', 'autoplay', 'autoplay-duration', 'historyHash', 'thumbnails-per-row', 'gutter', 'vSize',
  'lightbox', 'lightboxTheme', 'aspectRatio', 'allowMultipleOpen', 'expandFirst', 'formId', 'fields', 'captcha',
  'submitButtonText', 'successMessage', 'successHtml', 'successRedirect', 'postSubmitHtml', 'disclaimer', 'newsletter',
  'location', 'title', 'url', 'collectionId', 'collectionType', 'pageSize', 'version', 'placeholder', 'buttonText',
  'label', 'newWindow', 'mode', 'size', 'products', 'amounts', 'alignment', 'fitAlignment', 'focalPoint', 'clickthroughUrl',
  'dataset', 'datasetId', 'owner', 'ratio', 'variant', 'sizeFormat', 'registryKey', 'businessSlug', 'donatePageId', 'html', 'lazy',
];

const formField = fc.record(
  {
    id: fc.oneof(fc.stringMatching(/^[a-z0-9_-]{1,8}$/), hostileString),
    type: fc.oneof(fc.constantFrom(...FIELD_TYPES), hostileString),
    title: hostileString,
    required: fc.boolean(),
    options: fc.array(hostileString, { maxLength: 4 }),
    questions: fc.array(hostileString, { maxLength: 3 }),
    maxLength: fc.oneof(fc.integer(), hostileString),
  },
  { requiredKeys: [] },
);

const configValue = fc.oneof(hostileJson, fc.array(formField, { maxLength: 4 }), fc.constantFrom('slideshow', 'slider', 'carousel', 'grid', 'stacked', 'strip', 'base'));

/** What a theme may write in `data-block-json`: nothing, broken text, any JSON, or known keys. */
export const blockJson: fc.Arbitrary<string | null> = fc.oneof(
  fc.constant(null),
  hostileString,
  hostileJson.map((value) => JSON.stringify(value)),
  fc.dictionary(fc.constantFrom(...CONFIG_KEYS), configValue, { maxKeys: 8 }).map((value) => JSON.stringify(value)),
);

const ATTRIBUTES = [
  'data-slide-id', 'data-type', 'data-image-dimensions', 'data-src', 'src', 'href', 'data-pricing-option', 'data-pricing-for',
  'width', 'height', 'alt', 'datetime', 'id', 'class', 'data-slide-url', 'data-collection-full-url', 'data-image-focal-point',
  'target', 'role', 'hidden', 'open', 'name', 'type', 'value',
];
// No iframe: jsdom gives each connected iframe a window of its own and never frees it (400 KB a
// case; 10,000 cases ran out of heap), and no block reads an iframe from its markup.
const TAGS = ['figure', 'img', 'section', 'details', 'summary', 'div', 'a', 'button', 'p', 'h3', 'ul', 'li', 'audio', 'video', 'form', 'input', 'time', 'span'];

export interface MarkupNode {
  tag: string;
  attributes: Record<string, string>;
  text: string;
  children: MarkupNode[];
}

const node = (children: fc.Arbitrary<MarkupNode[]>): fc.Arbitrary<MarkupNode> =>
  fc.record({
    tag: fc.constantFrom(...TAGS),
    attributes: fc.dictionary(fc.constantFrom(...ATTRIBUTES), fc.oneof(hostileString, fc.constantFrom('image', 'video', '1500x1000', '0x0', 'monthly', 'yearly', '/images/a.jpg')), { maxKeys: 4 }),
    text: fc.oneof(fc.constant(''), hostileString),
    children,
  });

/** A block's child markup: three levels of the elements blocks look for, with any attributes. */
export const markup: fc.Arbitrary<MarkupNode[]> = fc.array(node(fc.array(node(fc.array(node(fc.constant([])), { maxLength: 2 })), { maxLength: 3 })), { maxLength: 4 });

/** Builds the nodes with the DOM API (so attribute values are data, never parsed as HTML). */
export function buildMarkup(nodes: MarkupNode[], into: Element): void {
  for (const node of nodes) {
    const element = document.createElement(node.tag);
    for (const [name, value] of Object.entries(node.attributes)) element.setAttribute(name, value);
    if (node.text) element.append(node.text);
    buildMarkup(node.children, element);
    into.append(element);
  }
}

/** How the network answers a call: refused, a server error, or a 200 with any body. */
export type NetworkAnswer = { kind: 'offline' } | { kind: 'status'; status: number } | { kind: 'body'; body: string };

export const networkAnswer: fc.Arbitrary<NetworkAnswer> = fc.oneof(
  fc.constant({ kind: 'offline' } as const),
  fc.constantFrom(400, 401, 403, 404, 429, 500, 502, 503).map((status) => ({ kind: 'status', status }) as const),
  fc.oneof(hostileString, hostileJson.map((value) => JSON.stringify(value))).map((body) => ({ kind: 'body', body }) as const),
);

export function fetchAnswering(answer: NetworkAnswer): typeof fetch {
  return async () => {
    if (answer.kind === 'offline') throw new TypeError('Failed to fetch');
    if (answer.kind === 'status') return new Response('{"error":"fuzz"}', { status: answer.status, headers: { 'content-type': 'application/json' } });
    return new Response(answer.body, { status: 200, headers: { 'content-type': 'application/json' } });
  };
}
