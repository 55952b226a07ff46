import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaces, fold } from '../src/places/cities';
import { startTestServer, visitor, type TestServer } from './helper';

const sample = [
  { cityId: 1, name: 'Zürich', country: 'CH', adminCode: 'ZH', population: 400_000, loc: { coordinates: [8.55, 47.37] as [number, number] } },
  { cityId: 2, name: 'Zurich', country: 'US', adminCode: 'MT', population: 1_000, loc: { coordinates: [-109, 48] as [number, number] } },
  { cityId: 3, name: 'Paris', country: 'FR', adminCode: '11', population: 2_000_000, loc: { coordinates: [2.35, 48.85] as [number, number] } },
];

describe('places index', () => {
  it('folds accents and answers the biggest matches first', () => {
    const places = createPlaces(() => sample);
    expect(fold('ZÜRICH')).toBe('zurich');
    expect(places.autocomplete('zur')).toEqual([
      { placeId: '1', description: 'Zürich, ZH, Switzerland' },
      { placeId: '2', description: 'Zurich, MT, United States' },
    ]);
    expect(places.autocomplete('z')).toEqual([]);
    expect(places.details('3')).toEqual({ placeId: '3', city: 'Paris', state: '11', countryCode: 'FR', country: 'France', lat: 48.85, lng: 2.35 });
    expect(places.details('9')).toBeNull();
  });
});

describe('places routes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('need the tracking context and answer from the real data set', async () => {
    const client = await visitor(server.app);
    const missing = await client.inject({ method: 'GET', url: '/api/google-maps/places/autocomplete?input=Spring' });
    expect(missing.statusCode).toBe(400);
    const found = await client.inject({ method: 'GET', url: '/api/google-maps/places/autocomplete?input=Spring&productPage=form&productSection=address' });
    const { predictions } = found.json();
    expect(predictions.length).toBe(5);
    expect(predictions[0].description).toMatch(/^Spring/);
    const details = await client.inject({ method: 'GET', url: `/api/google-maps/places/details?placeId=${predictions[0].placeId}&productPage=form&productSection=address` });
    expect(details.json().result.city).toMatch(/^Spring/);
    const bad = await client.inject({ method: 'GET', url: '/api/google-maps/places/details?placeId=../x&productPage=form&productSection=address' });
    expect(bad.statusCode).toBe(400);
  }, 30_000); // the first call loads and indexes 135,000 places
});
