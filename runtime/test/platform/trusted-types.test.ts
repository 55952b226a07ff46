/**
 * The runtime's Trusted Types policy (platform/trusted-types.ts): created once, named
 * `tessera`, and what it is given it passes on as it is; where the page refuses the name, or
 * the browser has no Trusted Types, the text goes on unchanged.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

type Rules = Record<'createHTML' | 'createScript' | 'createScriptURL', (input: string) => string>;

afterEach(() => {
  delete (globalThis as { trustedTypes?: unknown }).trustedTypes;
  vi.resetModules();
});

describe('the Trusted Types policy', () => {
  it('is made once, as "tessera", and wraps what each sink gets', async () => {
    const createPolicy = vi.fn((_name: string, rules: Rules) => ({
      createHTML: (input: string) => `html:${rules.createHTML(input)}`,
      createScript: (input: string) => `script:${rules.createScript(input)}`,
      createScriptURL: (input: string) => `url:${rules.createScriptURL(input)}`,
    }));
    (globalThis as { trustedTypes?: unknown }).trustedTypes = { createPolicy };
    const { trustedHtml, trustedScript, trustedScriptUrl, TRUSTED_TYPES_POLICY } = await import('../../src/platform/trusted-types');
    expect(trustedHtml('<p>a</p>')).toBe('html:<p>a</p>');
    expect(trustedScript('go()')).toBe('script:go()');
    expect(trustedScriptUrl('https://maps.example/api.js')).toBe('url:https://maps.example/api.js');
    expect(createPolicy).toHaveBeenCalledTimes(1);
    expect(createPolicy.mock.calls[0]![0]).toBe(TRUSTED_TYPES_POLICY);
    expect(TRUSTED_TYPES_POLICY).toBe('tessera');
  });

  it('passes text on unchanged where the page refuses the name or the browser has none', async () => {
    (globalThis as { trustedTypes?: unknown }).trustedTypes = {
      createPolicy: () => {
        throw new TypeError('Failed to execute createPolicy: Policy "tessera" disallowed.');
      },
    };
    const refused = await import('../../src/platform/trusted-types');
    expect(refused.trustedHtml('<b>x</b>')).toBe('<b>x</b>');
    vi.resetModules();
    delete (globalThis as { trustedTypes?: unknown }).trustedTypes;
    const without = await import('../../src/platform/trusted-types');
    expect(without.trustedScriptUrl('/a.js')).toBe('/a.js');
  });
});
