/**
 * Property tests for what comes from outside the runtime: the page context a theme writes, form
 * definitions and values, and analytics events (10,000 generated cases each).
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { storeCurrency } from '../../../contract/commerce/currencies';
import { censusPageFields } from '../../src/context/census-fields';
import { lightboxAvailable } from '../../src/context/features';
import { CONTEXT_ELEMENT_ID, hasSiteIdentity, readContext } from '../../src/context/read';
import { formDefinition } from '../../../contract/model/forms/definition';
import { FIELD_TYPES, type FormField } from '../../../contract/model/forms/types';
import { hasValueShape, validateForm } from '../../../contract/model/forms/validate';
import { COMMON_FIELDS } from '../../../contract/model/api/analytics';
import { buildPayload } from '../../src/tracking/analytics';
import { trackingActive } from '../../src/core/tracking-policy';
import { blockJson, hostileJson, hostileString } from './arbitraries';

const RUNS = { numRuns: 10_000 };
// 10,000 cases take seconds, past the default 5 s per test.
vi.setConfig({ testTimeout: 120_000 });

/** A page context: any JSON, or an object whose known fields hold any JSON value. */
const CONTEXT_KEYS = [
  'collectionId', 'collection', 'itemId', 'item', 'pageType', 'website', 'templateId', 'authenticatedAccount', 'websiteRoles',
  'accessPermissions', 'cookieSettings', 'websiteSettings', 'tweakJSON', 'rollups', 'googleFonts', 'typekitFonts', 'env',
  'showAnnouncementBar', 'demoCollections', 'featureFlags',
];
const contextText = fc.oneof(
  hostileString,
  hostileJson.map((value) => JSON.stringify(value)),
  fc
    .dictionary(fc.constantFrom(...CONTEXT_KEYS), fc.oneof(hostileJson, fc.record({ id: hostileJson, env: hostileJson }, { requiredKeys: [] })), { maxKeys: 10 })
    .map((value) => JSON.stringify(value)),
);

describe('page context', () => {
  it('any text gives a frozen context whose fields have the types the readers rely on', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fc.assert(
      fc.property(contextText, (text) => {
        document.head.innerHTML = '';
        const script = document.createElement('script');
        script.type = 'application/json';
        script.id = CONTEXT_ELEMENT_ID;
        script.textContent = text;
        document.head.append(script);
        const page = readContext();
        expect(Object.isFrozen(page)).toBe(true);
        for (const key of ['website', 'websiteRoles', 'cookieSettings', 'websiteSettings', 'tweakJSON', 'rollups'] as const) {
          expect(typeof page[key]).toBe('object');
          expect(page[key]).not.toBeNull();
          expect(Array.isArray(page[key])).toBe(false);
        }
        expect(Array.isArray(page.accessPermissions)).toBe(true);
        expect(page.featureFlags.every((flag) => typeof flag === 'string')).toBe(true);
        expect(page.pageType === null || Number.isFinite(page.pageType)).toBe(true);
        for (const id of [page.website.id, page.collectionId, page.itemId, page.env]) expect(id === null || id === undefined || typeof id === 'string').toBe(true);
        // What the readers make of it: strings where the server expects strings, booleans, a currency.
        const census = censusPageFields(page);
        for (const value of Object.values(census)) expect(typeof value).toBe('string');
        expect(typeof lightboxAvailable(page)).toBe('boolean');
        expect(typeof hasSiteIdentity(page)).toBe('boolean');
        expect(typeof trackingActive(page, '/')).toBe('boolean');
        expect(storeCurrency(page.websiteSettings)).toMatch(/^[A-Z]{3}$/);
      }),
      RUNS,
    );
    error.mockRestore();
  });
});

/** A submitted value of any shape: text, a list, a map, or any JSON. */
const submittedValue = fc.oneof(hostileString, fc.array(hostileString, { maxLength: 6 }), fc.dictionary(hostileString, hostileString, { maxKeys: 3 }), hostileJson);

describe('forms', () => {
  it('any block JSON gives a definition of known fields with unique ids, or a clear TypeError', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fc.assert(
      fc.property(blockJson, fc.constantFrom('form', 'newsletter'), (json, blockType) => {
        let config: unknown;
        try {
          config = JSON.parse(json ?? '{}');
        } catch {
          return; // the block host reports malformed JSON before a block sees it
        }
        if (typeof config !== 'object' || config === null || Array.isArray(config)) return;
        try {
          const definition = formDefinition(config as Record<string, unknown>, blockType);
          expect(definition.formId.length).toBeGreaterThan(0);
          expect(new Set(definition.fields.map((field) => field.id)).size).toBe(definition.fields.length);
          for (const field of definition.fields) expect(FIELD_TYPES).toContain(field.type);
          expect(definition.newsletter).toBe(blockType === 'newsletter' || (config as { newsletter?: unknown }).newsletter === true);
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
          expect((error as Error).message).toBe('A form block needs a "formId" in its data-block-json.');
        }
      }),
      RUNS,
    );
    warn.mockRestore();
  });

  it('validation answers a message or nothing for every value of the right shape, and never throws', () => {
    const field = fc.record({
      id: fc.stringMatching(/^[a-z]{1,4}$/),
      type: fc.constantFrom(...FIELD_TYPES),
      title: hostileString,
      required: fc.boolean(),
      maxLength: fc.oneof(fc.constant(undefined), fc.integer({ min: -5, max: 50 }), hostileString),
      options: fc.oneof(fc.constant(undefined), fc.array(hostileString, { maxLength: 4 })),
      questions: fc.oneof(fc.constant(undefined), fc.array(hostileString, { maxLength: 3 })),
    });
    fc.assert(
      fc.property(fc.array(field, { maxLength: 6 }), fc.array(submittedValue, { maxLength: 6 }), (fields, raw) => {
        const values: Record<string, unknown> = {};
        fields.forEach((f, i) => {
          expect(typeof hasValueShape(f as FormField, raw[i])).toBe('boolean');
          if (hasValueShape(f as FormField, raw[i])) values[f.id] = raw[i];
        });
        const errors = validateForm(fields as FormField[], values as never);
        for (const [id, message] of Object.entries(errors)) {
          expect(fields.some((f) => f.id === id)).toBe(true);
          expect(typeof message).toBe('string');
          expect(message.length).toBeGreaterThan(0);
        }
      }),
      RUNS,
    );
  });
});

describe('analytics events', () => {
  it('any event object gives a payload that keeps every custom field, or a warning and none', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const page = readContext();
    const event = fc.dictionary(fc.oneof(fc.constantFrom(...COMMON_FIELDS, '__proto__', 'constructor', 'toString'), hostileString), hostileJson, { maxKeys: 8 });
    fc.assert(
      fc.property(event, (raw) => {
        // Events reach track() from theme code, often straight from JSON.parse: own keys only.
        const parsed = JSON.parse(JSON.stringify(raw)) as Record<string, unknown>;
        const payload = buildPayload(parsed, page);
        if (!payload) return;
        const sent = JSON.parse(JSON.stringify(payload)) as { customData: Record<string, unknown>; commonData: Record<string, unknown> };
        for (const key of Object.keys(parsed)) {
          if (COMMON_FIELDS.includes(key)) continue;
          expect(Object.prototype.hasOwnProperty.call(sent.customData, key)).toBe(true);
          expect(sent.customData[key]).toEqual(parsed[key]);
        }
        for (const key of COMMON_FIELDS) if (key in sent.commonData && !['website_id', 'template_id'].includes(key)) expect(['string', 'object']).toContain(typeof sent.commonData[key]);
      }),
      RUNS,
    );
    warn.mockRestore();
  });
});
