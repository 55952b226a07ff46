import { describe, expect, it, vi } from 'vitest';
import { CONTEXT_PARSE_ERROR, MISSING_ENVIRONMENT_ERROR, hasSiteIdentity, readContext } from '../../src/context/read';
import { environmentFromHost } from '../../../contract/context/environment';
import { setErrorSink } from '../../src/platform/report';

function page(json: string | null) {
  document.head.innerHTML = json === null ? '' : `<script type="application/json" id="site-context">${json}</script>`;
}

describe('readContext', () => {
  it('answers the anonymous static-page defaults when there is no context', () => {
    page(null);
    const context = readContext();
    expect(context.website).toEqual({});
    expect(context.authenticatedAccount).toBeNull();
    expect(context.websiteRoles).toEqual({});
    expect(context.pageType).toBeNull();
    expect(context.featureFlags).toEqual([]);
    expect(hasSiteIdentity(context)).toBe(false);
  });

  it('reads the spec field names and keeps the rest', () => {
    page(JSON.stringify({ website: { id: 'w1', identifier: 'demo' }, pageType: 2, env: 'prod', itemId: 'i1', collectionId: 'c1', websiteSettings: { useEscapeKeyToLogin: true }, featureFlags: ['menu', 3] }));
    const context = readContext();
    expect(context.website.id).toBe('w1');
    expect(context.pageType).toBe(2);
    expect(context.itemId).toBe('i1');
    expect(context.websiteSettings.useEscapeKeyToLogin).toBe(true);
    expect(context.featureFlags).toEqual(['menu']);
    expect(hasSiteIdentity(context)).toBe(true);
  });

  it('logs a console error and uses the defaults for invalid JSON', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    page('{"website": ');
    const context = readContext();
    expect(context.website).toEqual({});
    expect(error).toHaveBeenCalledWith(CONTEXT_PARSE_ERROR, expect.any(SyntaxError));
  });

  it('treats a JSON value that is not an object as invalid', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    page('[1,2]');
    expect(readContext().website).toEqual({});
    expect(error).toHaveBeenCalledWith(CONTEXT_PARSE_ERROR, expect.any(TypeError));
  });

  it('reports the critical error when a website id comes without env, and carries on', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reported: string[] = [];
    const off = setErrorSink((_error, message) => reported.push(message));
    page(JSON.stringify({ website: { id: 'w1' } }));
    const context = readContext();
    off();
    expect(reported).toEqual([MISSING_ENVIRONMENT_ERROR]);
    expect(context.website.id).toBe('w1');
    expect(hasSiteIdentity(context)).toBe(false);
  });

  it('replaces wrong-typed fields with their defaults and freezes the result', () => {
    page(JSON.stringify({ website: 'nope', accessPermissions: 'x', pageType: '209', authenticatedAccount: { name: 'no id' } }));
    const context = readContext();
    expect(context.website).toEqual({});
    expect(context.accessPermissions).toEqual([]);
    expect(context.pageType).toBe(209);
    expect(context.authenticatedAccount).toBeNull();
    expect(Object.isFrozen(context)).toBe(true);
    expect(Object.isFrozen(context.websiteSettings)).toBe(true);
  });
});

describe('environmentFromHost', () => {
  it.each([
    ['localhost', 'dev'],
    ['shop.localhost', 'dev'],
    ['127.0.0.1', 'dev'],
    ['site.dev.example.com', 'dev'],
    ['dev-site.example.com', 'dev'],
    ['qa.example.com', 'qa'],
    ['www.staging.example.com', 'staging'],
    ['example.com', 'prod'],
    ['developer.example.com', 'prod'],
  ])('%s → %s', (host, env) => {
    expect(environmentFromHost(host)).toBe(env);
  });
});
