import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS, CATALOGUE } from '../../src/i18n/catalogue';
import { SHIPPED_LANGUAGES } from '../../src/platform/strings';
import { SERVER_FORM_MESSAGES } from '../../../contract/model/forms/messages';
import { BANNER_WORDS } from '../../../contract/consent/settings';

const dir = path.resolve(__dirname, '../../../contract/i18n');
const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
const places = (text: string) => [...new Set(text.match(/\{\w+\}/g))].sort();

describe('the catalogue', () => {
  it('names every word once, area by area', () => {
    const count = AREAS.reduce((sum, area) => sum + Object.keys(area.defaults).length, 0);
    expect(Object.keys(CATALOGUE)).toHaveLength(count);
  });

  it('keeps the spec text as the English defaults', () => {
    expect(CATALOGUE['data.title']).toBe('Something Went Wrong!');
    expect(CATALOGUE['form.required']).toBe('{title} is required.');
    expect(CATALOGUE['banner.text']).toBe(BANNER_WORDS.text);
    expect(CATALOGUE['logout.title']).toBe('Logout Successful');
  });

  it('names each message the server answers with, so that the runtime can word it', () => {
    for (const [name, english] of Object.entries(SERVER_FORM_MESSAGES)) expect(CATALOGUE[`form.${name}`]).toBe(english);
  });

  it('ships a file for each language site.js knows, and nothing else', () => {
    expect(files.map((file) => file.replace(/\.json$/, '')).sort()).toEqual([...SHIPPED_LANGUAGES].sort());
  });

  for (const file of files) {
    it(`${file}: every name of the catalogue, no other, each with the same places`, () => {
      const words = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
      expect(Object.keys(words).sort()).toEqual(Object.keys(CATALOGUE).sort());
      for (const [name, english] of Object.entries(CATALOGUE)) {
        const text = words[name];
        expect(typeof text === 'string' && text.trim().length > 0, name).toBe(true);
        expect(places(text as string), name).toEqual(places(english));
      }
    });
  }
});
