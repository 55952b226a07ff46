import { afterEach, describe, expect, it, vi } from 'vitest';
import { start } from '../../src/pages/review/index';
import { TYPING_PAUSE_MS } from '../../src/platform/timing';
import * as messages from '../../../contract/review/messages';
import type { PageContext } from '../../../contract/context/types';
import { REVIEW_WORDS, reviewFormHtml } from '../../../contract/review/form-markup';

/** The store page the owner set (site.json `websiteSettings.storeSettings.continueShoppingLinkUrl`). */
const withShop = (continueShoppingLinkUrl?: unknown) => ({ websiteSettings: { storeSettings: { continueShoppingLinkUrl } } }) as unknown as PageContext;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const until = async (check: () => boolean) => {
  for (let i = 0; i < 50 && !check(); i++) await flush();
};

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('review request page strings (part 2 §2, §5, §8)', () => {
  it('are verbatim', () => {
    expect(messages).toMatchObject({
      RATE_YOUR_PURCHASE: 'Rate your purchase',
      RATING_LABEL: 'Rating (required)',
      DESCRIBE_LABEL: 'Describe your experience',
      CHARACTERS_LEFT: 'characters left',
      SUBMIT: 'Submit',
      CLOSE: 'Close',
      CONTINUE_SHOPPING: 'Continue Shopping',
      THANKS: 'Thanks for your feedback',
      ALREADY_REVIEWED: 'You have already reviewed this purchase',
      EXPIRED: 'Your review request has expired',
      SOMETHING_WENT_WRONG: 'Something went wrong',
      TRY_AGAIN: 'Try submitting your review again',
      RATING_REQUIRED: 'Please select a star rating',
      REVIEW_TEXT_LIMIT: 1000,
    });
  });
});

describe('review request page', () => {
  it('needs a star rating, counts characters, and shows the server’s answer', async () => {
    history.replaceState(null, '', '/commerce/reviews?token=abcdefghijklmnop1234');
    document.body.innerHTML = '<main><div id="review-request-root"></div></main>';
    const calls: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      calls.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : null });
      return Promise.resolve(calls.length === 1 ? json(200, { status: 'open', productTitle: 'Studio mug' }) : json(409, { status: 'reviewed' }));
    });
    start(withShop('/shop'));
    const root = document.getElementById('review-request-root')!;
    await until(() => !!root.querySelector('form'));
    expect(calls[0]!.url).toContain('/api/commerce/reviews/request?token=abcdefghijklmnop1234');
    expect(root.querySelector('h1')!.textContent).toBe('Rate your purchase');
    expect(root.querySelector('legend')!.textContent).toBe('Rating (required)');
    expect(root.querySelectorAll('input[type=radio][name=rating]')).toHaveLength(5);
    const counter = root.querySelector('.review-counter')!;
    expect(counter.textContent).toBe('1000 characters left');
    const text = root.querySelector('textarea')!;
    expect(text.maxLength).toBe(1000);
    // Read with the field, and spoken on its own once typing pauses, not at every key.
    expect(text.getAttribute('aria-describedby')).toBe(counter.id);
    expect(counter.hasAttribute('aria-live')).toBe(false);
    const spoken = root.querySelector('[aria-live="polite"]')!;
    vi.useFakeTimers();
    for (const typed of ['N', 'Ni', 'Nic', 'Nice']) {
      text.value = typed;
      text.dispatchEvent(new Event('input'));
      vi.advanceTimersByTime(TYPING_PAUSE_MS / 2);
    }
    expect(counter.textContent).toBe('996 characters left');
    expect(spoken.textContent).toBe('');
    vi.advanceTimersByTime(TYPING_PAUSE_MS / 2);
    expect(spoken.textContent).toBe('996 characters left');
    vi.useRealTimers();

    root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(root.querySelector('.review-error')!.textContent).toBe('Please select a star rating');
    expect(root.querySelector('fieldset')!.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(1);

    (root.querySelector('#review-star-3') as HTMLInputElement).checked = true;
    root.querySelector('form')!.dispatchEvent(new Event('change'));
    expect(root.querySelector('.review-error')!.textContent).toBe('');
    root.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await until(() => root.querySelector('h1')!.textContent !== 'Rate your purchase');
    expect(calls[1]!.body).toEqual({ token: 'abcdefghijklmnop1234', rating: 3, body: 'Nice' });
    expect(root.querySelector('h1')!.textContent).toBe('You have already reviewed this purchase');
    expect(document.activeElement).toBe(root.querySelector('h1'));
  });

  it.each([
    ['expired', 'Your review request has expired'],
    ['reviewed', 'You have already reviewed this purchase'],
    ['unknown', 'Something went wrong'],
  ])('a %s request says so', async (status, heading) => {
    history.replaceState(null, '', '/commerce/reviews?token=abcdefghijklmnop1234');
    document.body.innerHTML = '<main><div id="review-request-root"></div></main>';
    vi.stubGlobal('fetch', () => Promise.resolve(json(200, { status })));
    start(withShop('/shop?sort=new'));
    const root = document.getElementById('review-request-root')!;
    await until(() => !!root.querySelector('h1'));
    expect(root.querySelector('h1')!.textContent).toBe(heading);
    expect(root.querySelector('a')!.textContent).toBe('Continue Shopping');
    expect(root.querySelector('a')!.getAttribute('href')).toBe('/shop?sort=new');
  });

  it.each([undefined, 'javascript:alert(1)', '//evil.example/shop', '/\\evil.example', 'https://evil.example/', 42])(
    'Continue Shopping goes home when the store page setting is %j',
    async (setting) => {
      history.replaceState(null, '', '/commerce/reviews?token=abcdefghijklmnop1234');
      document.body.innerHTML = '<main><div id="review-request-root"></div></main>';
      vi.stubGlobal('fetch', () => Promise.resolve(json(200, { status: 'expired' })));
      start(withShop(setting));
      await until(() => !!document.querySelector('h1'));
      expect(document.querySelector('a')!.getAttribute('href')).toBe('/');
    },
  );

  it('adopts the form the server rendered: no state call, the counter live, Submit through the API, Close going back, its link kept', async () => {
    history.replaceState(null, '', '/commerce/reviews?token=abcdefghijklmnop1234');
    const post = { crumb: 'c1', token: 'abcdefghijklmnop1234', body: 'Hi' };
    // The server's link: on the site's own address, when its pages are on another host.
    document.body.innerHTML = `<main><div id="review-request-root">${reviewFormHtml(REVIEW_WORDS, 'Studio mug', 'https://www.example.com/shop', post)}</div></main>`;
    const rendered = document.querySelector('form')!;
    const calls: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      calls.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : null });
      return Promise.resolve(json(200, { status: 'reviewed' }));
    });
    start(withShop('/shop'));
    expect(document.querySelector('form')).toBe(rendered);
    expect(rendered.noValidate).toBe(true);
    const text = rendered.querySelector('textarea')!;
    text.value = 'Hi there';
    text.dispatchEvent(new Event('input'));
    expect(rendered.querySelector('.review-counter')!.textContent).toBe('992 characters left');
    // Somewhere to go back to: back, not the link; nowhere (opened from an email): the link.
    const back = vi.spyOn(history, 'back').mockImplementation(() => undefined);
    const length = vi.spyOn(history, 'length', 'get').mockReturnValue(2);
    const close = new MouseEvent('click', { cancelable: true });
    rendered.querySelector('.review-close')!.dispatchEvent(close);
    expect([close.defaultPrevented, back.mock.calls.length]).toEqual([true, 1]);
    length.mockReturnValue(1);
    const first = new MouseEvent('click', { cancelable: true });
    rendered.querySelector('.review-close')!.dispatchEvent(first);
    expect([first.defaultPrevented, back.mock.calls.length]).toEqual([false, 1]);
    length.mockRestore();
    (rendered.querySelector('#review-star-5') as HTMLInputElement).checked = true;
    const submit = new Event('submit', { cancelable: true });
    rendered.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    await until(() => document.querySelector('h1')!.textContent === 'Thanks for your feedback');
    expect(document.querySelector('.review-continue')!.getAttribute('href')).toBe('https://www.example.com/shop');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ token: 'abcdefghijklmnop1234', rating: 5, body: 'Hi there' });
    back.mockRestore();
  });

  it('leaves what the server said about a closed request as it is, and asks nothing', () => {
    history.replaceState(null, '', '/commerce/reviews?token=abcdefghijklmnop1234');
    document.body.innerHTML = '<main><div id="review-request-root"><h1 tabindex="-1">Your review request has expired</h1></div></main>';
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    start(withShop());
    expect(fetch).not.toHaveBeenCalled();
    expect(document.querySelector('h1')!.textContent).toBe('Your review request has expired');
  });

  it('a malformed token never reaches the server', () => {
    history.replaceState(null, '', '/commerce/reviews?token=%3Cimg%3E');
    document.body.innerHTML = '<main><div id="review-request-root"></div></main>';
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    start(withShop());
    expect(fetch).not.toHaveBeenCalled();
    expect(document.querySelector('h1')!.textContent).toBe('Something went wrong');
  });
});
