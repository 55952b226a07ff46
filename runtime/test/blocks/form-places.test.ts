import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachPlaces } from '../../src/blocks/form/places';

function addressGroup(value = '') {
  const group = document.createElement('fieldset');
  group.innerHTML = '<input id="f-a-city" name="a.City"><input name="a.State"><input name="a.Country">';
  document.body.replaceChildren(group);
  const city = group.querySelector<HTMLInputElement>('#f-a-city')!;
  city.value = value;
  return { group, city };
}

function answerWith(predictions: Array<{ placeId: string; description: string }>) {
  const fetchMock = vi.fn(async (url: string) => {
    const body = url.includes('/details?')
      ? { result: { city: 'Zürich', state: 'ZH', country: 'Switzerland' } }
      : { predictions };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const zurich = { placeId: '42', description: 'Zürich, ZH, Switzerland' };

describe('address suggestions', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('suggests for what was typed before the chunk attached (a quick typist)', async () => {
    vi.useFakeTimers();
    const fetchMock = answerWith([zurich]);
    const { city } = addressGroup('Zuri');
    attachPlaces(city);
    await vi.advanceTimersByTimeAsync(300);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x/');
    expect(url.pathname).toBe('/api/google-maps/places/autocomplete');
    expect(url.searchParams.get('input')).toBe('Zuri');
    expect(url.searchParams.get('productPage')).toBe('form');
    expect(url.searchParams.get('productSection')).toBe('address');
    expect([...document.querySelectorAll('datalist option')].map((o) => (o as HTMLOptionElement).value)).toEqual([zurich.description]);
    expect(city.getAttribute('list')).toBe('f-a-city-places');
  });

  it('asks nothing for one letter, then fills city, state and country from a chosen suggestion', async () => {
    vi.useFakeTimers();
    const fetchMock = answerWith([zurich]);
    const { group, city } = addressGroup('Z');
    attachPlaces(city);
    await vi.advanceTimersByTimeAsync(300);
    expect(fetchMock).not.toHaveBeenCalled();
    city.value = 'Zur';
    city.dispatchEvent(new Event('input'));
    await vi.advanceTimersByTimeAsync(300);
    city.value = zurich.description;
    city.dispatchEvent(new Event('input'));
    await vi.advanceTimersByTimeAsync(10);
    expect(city.value).toBe('Zürich');
    expect(group.querySelector<HTMLInputElement>('[name="a.State"]')!.value).toBe('ZH');
    expect(group.querySelector<HTMLInputElement>('[name="a.Country"]')!.value).toBe('Switzerland');
  });
});
