import { request } from '../../net/request';
import { debounce } from '../../platform/timing';
import { ADDRESS_PARTS } from '../../../../contract/model/forms/types';
import type * as Paths from '../../../../contract/api/paths';
const PLACES_AUTOCOMPLETE_PATH: typeof Paths.PLACES_AUTOCOMPLETE_PATH = '/api/google-maps/places/autocomplete';
const PLACES_DETAILS_PATH: typeof Paths.PLACES_DETAILS_PATH = '/api/google-maps/places/details';

/** Part 2 §7: place calls carry the tracking context; missing, it is a console error. */
export const PLACES_TRACKING = { productPage: 'form', productSection: 'address' } as const;
const SUGGEST_DEBOUNCE_MS = 250;
const attached = new WeakSet<HTMLInputElement>();

interface Prediction {
  placeId: string;
  description: string;
}
interface Details {
  city: string;
  state: string;
  country: string;
}

function placesCall<T>(path: string, query: Record<string, string>): Promise<T> {
  if (!query.productPage || !query.productSection) console.error(`${path} needs productPage and productSection.`);
  return request<T>(path, { data: query, onFailure: () => undefined });
}

/**
 * Offers place suggestions on an address field's City input through a native <datalist>
 * (announced by screen readers, no custom widget); choosing one fills City, State and Country.
 */
export function attachPlaces(city: HTMLInputElement): void {
  if (attached.has(city)) return;
  attached.add(city);
  const group = city.closest('fieldset');
  const partInput = (part: (typeof ADDRESS_PARTS)[number]) =>
    group?.querySelector<HTMLInputElement>(`input[name$=".${part}"]`) ?? null;
  const list = document.createElement('datalist');
  list.id = `${city.id}-places`;
  city.after(list);
  city.setAttribute('list', list.id);
  city.setAttribute('autocomplete', 'off');
  let predictions: Prediction[] = [];

  const suggest = debounce(async () => {
    const input = city.value.trim();
    if (input.length < 2) return;
    try {
      const answer = await placesCall<{ predictions: Prediction[] }>(PLACES_AUTOCOMPLETE_PATH, { input, ...PLACES_TRACKING });
      predictions = answer.predictions ?? [];
      list.replaceChildren(...predictions.map((p) => Object.assign(document.createElement('option'), { value: p.description })));
    } catch {
      /* no suggestions: the visitor types the address as usual */
    }
  }, SUGGEST_DEBOUNCE_MS);

  city.addEventListener('input', () => {
    const chosen = predictions.find((p) => p.description === city.value);
    if (!chosen) {
      suggest();
      return;
    }
    void placesCall<{ result: Details }>(PLACES_DETAILS_PATH, { placeId: chosen.placeId, ...PLACES_TRACKING })
      .then(({ result }) => {
        city.value = result.city;
        const state = partInput('State');
        const country = partInput('Country');
        if (state) state.value = result.state;
        if (country) country.value = result.country;
      })
      .catch(() => undefined);
  });
  // The chunk loads on first focus: a quick typist may already have typed a prefix by now.
  if (city.value.trim().length >= 2) suggest();
}
