import { vi } from 'vitest';

// uPlot reads matchMedia when it loads; jsdom has none.
vi.hoisted(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} })) as unknown as typeof window.matchMedia;
});
// jsdom has no canvas: the charts are checked in Chromium (e2e); here uPlot only counts.
const plots = vi.hoisted(() => ({ created: 0 }));
vi.mock('uplot', () => ({
  default: class {
    constructor() {
      plots.created += 1;
    }
    setSize() {}
    destroy() {}
  },
}));
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../src/App';
import { signInAgain } from '../src/owner-api';
import { allSubmissions, Submissions, submissionsCsv, valueText } from '../src/Submissions';
import { Subscribers, subscribersCsv } from '../src/Subscribers';
import { INSIGHTS_DAYS_KEY, Insights } from '../src/Insights';
import { csvCell } from '../src/csv';
import { FRAME_EXPANDED_COOKIE, NARROW_SCREEN_QUERY, readExpanded } from '../src/panel-cookie';
import { metricText, rating } from '../src/vitals';
import type { OwnerSubmission } from '../../contract/api/owner-answers';
import { shownSection } from '../../contract/owner/sections';

/** A submission as the server answers it (contract/api/owner-answers.ts), with the fields a test does not care about. */
const submission = (fields: Pick<OwnerSubmission, 'id' | 'formId' | 'createdAt' | 'values'>): OwnerSubmission => ({ collectionId: null, pageUrl: null, isOverlayForm: false, ...fields });

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
const answers: Record<string, unknown> = {
  '/api/owner/plan': { plan: 'trial', trial: true, plans: [{ id: 'personal', name: 'Personal', priceCents: 1600 }] },
  '/api/owner/pageviews': { from: '2026-10-24', to: '2026-11-22', total: 3, visitors: 2, perDay: [{ day: '2026-11-22', views: 2 }, { day: '2026-11-21', views: 1 }], perPath: [{ path: '/faq', views: 2 }], referrers: [], campaigns: [], previous: { from: '2026-09-24', to: '2026-10-23', total: 0, visitors: 0 } },
  '/api/owner/sales': { from: '2026-10-24', to: '2026-11-22', totals: [{ kind: 'order', currency: 'USD', orders: 1, totalCents: 1_250 }], perDay: [{ day: '2026-11-22', orders: 1, totals: { USD: 1_250 } }] },
  '/api/owner/performance': { from: '2026-10-24', to: '2026-11-22', records: 1, overall: { lcp: 1200, cls: 0.3 }, perPath: [{ path: '/faq', p75: { lcp: 1200, cls: 0.3 }, samples: 1 }], perDay: [] },
  '/api/owner/errors': { errors: [{ message: 'TypeError: x is undefined', count: 4, reports: 2, lastSeen: '2026-11-22T07:00:00Z' }] },
  '/api/owner/submissions': { submissions: [] },
  '/api/owner/subscribers': { lists: [] },
  '/api/owner/members': { members: [], total: 0 },
  '/api/owner/orders': { orders: [], total: 0 },
  '/api/owner/reviews': { reviews: [] },
};
const calls: string[] = [];
/** Every URL asked for, with its query. */
const urls: string[] = [];

beforeEach(() => {
  history.replaceState(null, '', '/config/');
  sessionStorage.clear();
  document.cookie = `${FRAME_EXPANDED_COOKIE}=; path=/config; max-age=0`;
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  calls.length = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = String(url).split('?')[0]!;
    urls.push(String(url));
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    return { ok: true, json: async () => answers[path] ?? {} };
  });
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent === name)!;
const escape = (shiftKey = false) => act(async () => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', shiftKey, cancelable: true })));

describe('App', () => {
  it('frames the path, shows the data, and toggles the panel with aria-expanded and the cookie', async () => {
    await act(async () => root.render(<App frameUrl="/faq" />));
    expect(container.querySelector('iframe')!.getAttribute('src')).toBe('/faq');
    expect(container.textContent).toContain('3 page views from 2 daily visitors, 2026-10-24 to 2026-11-22.');
    // One of a thing is said as one.
    expect(container.textContent).toContain('1 page load measured in the last 30 days.');
    expect(plots.created).toBeGreaterThan(0);
    expect(container.querySelector('.config-chart .sr-only table caption')!.textContent).toBe('Page views per day');
    expect(container.textContent).toContain('TypeError: x is undefined');
    expect(container.querySelector('.rating-poor')!.textContent).toBe('Poor');
    const toggle = button('Hide panel');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await act(async () => toggle.click());
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(container.querySelector<HTMLElement>('#config-panel')!.hidden).toBe(true);
    expect(document.cookie).toContain(`${FRAME_EXPANDED_COOKIE}=false`);
    expect(readExpanded()).toBe(false);
  });

  it('Escape closes the guide first, then toggles the panel', async () => {
    await act(async () => root.render(<App frameUrl="/" />));
    await act(async () => button('Guide').click());
    expect(container.querySelector('[role="dialog"]')).not.toBeNull();
    await escape();
    expect(container.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(button('Guide'));
    expect(container.querySelector<HTMLElement>('#config-panel')!.hidden).toBe(false);
    await escape();
    expect(container.querySelector<HTMLElement>('#config-panel')!.hidden).toBe(true);
  });

  it('hiding the panel with focus inside it moves focus to the panel toggle', async () => {
    await act(async () => root.render(<App frameUrl="/" />));
    const tab = container.querySelector<HTMLElement>('#config-panel [role="tab"]')!;
    tab.focus();
    await escape();
    expect(container.querySelector<HTMLElement>('#config-panel')!.hidden).toBe(true);
    expect(document.activeElement).toBe(button('Show panel'));
  });

  it('Shift+Escape logs out once, even when pressed twice', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: window.location.origin, assign });
    let finish!: () => void;
    const pending = new Promise<void>((resolve) => (finish = resolve));
    const fetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (String(url).startsWith('/api/auth/Logout')) {
        calls.push('POST /api/auth/Logout');
        await pending;
        return { ok: true, json: async () => ({}) };
      }
      return fetch(url, init);
    });
    await act(async () => root.render(<App frameUrl="/shop?x=1" />));
    await escape(true);
    await escape(true);
    await act(async () => finish());
    expect(calls.filter((c) => c === 'POST /api/auth/Logout')).toHaveLength(1);
    expect(assign).toHaveBeenCalledWith('/shop?x=1&logout=true');
  });

  it('a call that meets the ended session while the owner signs out does not ask them to sign in again', async () => {
    vi.stubGlobal('location', { ...window.location, origin: window.location.origin, assign: vi.fn() });
    const fetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => (String(url).startsWith('/api/auth/Logout') ? new Promise(() => {}) : fetch(url, init)));
    await act(async () => root.render(<App frameUrl="/" />));
    let renewed: boolean | undefined;
    await act(async () => void signInAgain().then((again) => (renewed = again)));
    expect(container.querySelector('dialog')).not.toBeNull();
    await act(async () => void container.querySelector<HTMLButtonElement>('dialog button[type="button"]')!.click());
    expect(renewed).toBe(false);
    await escape(true);
    renewed = undefined;
    await act(async () => void signInAgain().then((again) => (renewed = again)));
    expect(renewed).toBe(false);
    expect(container.querySelector('dialog')).toBeNull();
  });

  it('trial sites get the plan links; the plan pages show the plan panel', async () => {
    await act(async () => root.render(<App frameUrl="/" path="/settings/billing/billing/upgrade" />));
    const links = [...container.querySelectorAll('.config-plan-links a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/settings/billing/billing/upgrade', '/settings/billing/billing/website/change-plan']);
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('h2#plan-title')!.textContent).toBe('Upgrade your trial');
  });

  it('on a narrow screen opens on the site unless the panel was left open, and a plan page on the plan', async () => {
    const narrow = vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ matches: query === NARROW_SCREEN_QUERY }) as MediaQueryList);
    const panelHidden = () => container.querySelector<HTMLElement>('#config-panel')!.hidden;
    await act(async () => root.render(<App frameUrl="/faq" />));
    expect(panelHidden()).toBe(true);
    expect(button('Show panel').getAttribute('aria-expanded')).toBe('false');
    await act(async () => button('Show panel').click());
    expect(document.cookie).toContain(`${FRAME_EXPANDED_COOKIE}=true`);
    await act(async () => root.unmount());
    root = createRoot(container);
    // The owner's choice is remembered on a phone too.
    await act(async () => root.render(<App frameUrl="/faq" />));
    expect(panelHidden()).toBe(false);
    await act(async () => root.unmount());
    root = createRoot(container);
    await act(async () => root.render(<App frameUrl="/" path="/settings/billing/billing/upgrade" />));
    expect(panelHidden()).toBe(true);
    narrow.mockRestore();
    // Wider, the remembered state holds on the plan pages as well.
    await act(async () => root.unmount());
    root = createRoot(container);
    await act(async () => root.render(<App frameUrl="/" path="/settings/billing/billing/upgrade" />));
    expect(panelHidden()).toBe(false);
  });

  it('a notice’s link (?show=orders) opens the panel at that section, on a phone and with the panel left closed', async () => {
    const narrow = vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ matches: query === NARROW_SCREEN_QUERY }) as MediaQueryList);
    document.cookie = `${FRAME_EXPANDED_COOKIE}=false; path=/config`;
    // jsdom has no layout, nor ResizeObserver: that the heading stays in view as the sections above load is e2e/mail.spec.ts's, in Chromium.
    vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });
    try {
      await act(async () => root.render(<App frameUrl="/" show="orders" />));
      expect(container.querySelector<HTMLElement>('#config-panel')!.hidden).toBe(false);
      expect(document.activeElement).toBe(container.querySelector('#orders-title'));
      expect(document.activeElement!.textContent).toBe('Orders');
      // Only for this visit: the remembered state stays the owner's.
      expect(readExpanded()).toBe(false);
    } finally {
      narrow.mockRestore();
      vi.unstubAllGlobals();
    }
    expect(shownSection('orders')).toBe('orders');
    expect(shownSection('traffic')).toBeNull();
    expect(shownSection(null)).toBeNull();
  });

  it('reads the remembered panel state before the screen width', () => {
    expect(readExpanded('', false)).toBe(true);
    expect(readExpanded('', true)).toBe(false);
    expect(readExpanded(`a=1; ${FRAME_EXPANDED_COOKIE}=true`, true)).toBe(true);
    expect(readExpanded(`${FRAME_EXPANDED_COOKIE}=false`, false)).toBe(false);
  });
});

describe('Submissions', () => {
  it('shows visitor values as text, never as HTML, newest first as given', async () => {
    const load = async () => ({
      submissions: [
        submission({ id: 2, formId: 'contact', createdAt: '2026-11-22T00:00:00.000Z', values: { message: '<img src=x onerror=alert(1)>', name: ['Ada', 'L'] } }),
        submission({ id: 1, formId: 'contact', createdAt: '2026-11-21T00:00:00.000Z', values: { email: 'a@b.co' } }),
      ],
    });
    await act(async () => root.render(<Submissions load={load} />));
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Submitted', 'Form', 'message', 'name', 'email', 'Actions']);
    expect(container.querySelectorAll('tbody tr')).toHaveLength(2);
  });

  it('says when loading failed, and can try again', async () => {
    let fail = true;
    const load = () => (fail ? Promise.reject(new Error('HTTP 500')) : Promise.resolve({ submissions: [] }));
    await act(async () => root.render(<Submissions load={load} />));
    expect(container.querySelector('[role="alert"] p')!.textContent).toBe('Unable to load form submissions: HTTP 500');
    fail = false;
    await act(async () => button('Try again').click());
    expect(container.textContent).toContain('No form submissions yet.');
  });

  it('exports CSV safely', () => {
    expect(valueText({ Fast: 'Agree' })).toBe('Fast: Agree');
    expect(valueText(['', '555', '1'])).toBe('555 1');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(submissionsCsv([submission({ id: 1, formId: 'f', createdAt: 't', values: { a: '1', b: ['x', 'y'] } })])).toBe('Submitted,Form,a,b\r\nt,f,1,x y\r\n');
  });
});

describe('Submissions, every one', () => {
  const many = (from: number, count: number) => Array.from({ length: count }, (_, n) => submission({ id: from - n, formId: 'contact', createdAt: 't', values: { n: String(from - n) } }));

  it('are exported a page of 500 at a time until a short page', async () => {
    const asked: string[] = [];
    const load = async (path: string) => {
      asked.push(path);
      const before = Number(new URLSearchParams(path.split('?')[1]).get('before') ?? 1201);
      return { submissions: many(before - 1, Math.min(500, before - 1)) };
    };
    const all = await allSubmissions(load);
    expect(asked).toEqual(['/api/owner/submissions?limit=500', '/api/owner/submissions?limit=500&before=701', '/api/owner/submissions?limit=500&before=201']);
    expect(all).toHaveLength(1200);
    expect(submissionsCsv(all).split('\r\n')).toHaveLength(1202);
  });

  it('one is deleted after a confirmation, and the list asked for again', async () => {
    let stored = [submission({ id: 7, formId: 'contact', createdAt: '2026-11-22T10:00:00.000Z', values: { message: 'spam' } })];
    const load = async () => ({ submissions: stored });
    const removed: string[] = [];
    const remove = async (path: string) => {
      removed.push(path);
      stored = [];
      return { removed: 1 };
    };
    await act(async () => root.render(<Submissions load={load} remove={remove} />));
    const deleteButton = container.querySelector<HTMLButtonElement>('tbody button')!;
    expect(deleteButton.getAttribute('aria-label')).toMatch(/^Delete the submission of /);
    await act(async () => deleteButton.click());
    const dialog = container.querySelector('dialog')!;
    expect(dialog.querySelector('h2')!.textContent).toBe('Delete this submission?');
    await act(async () => button('Cancel').click());
    expect(removed).toEqual([]);
    await act(async () => deleteButton.click());
    await act(async () => button('Confirm').click());
    expect(removed).toEqual(['/api/owner/submissions/7']);
    expect(container.textContent).toContain('No form submissions yet.');
    expect(container.querySelector('[role="status"]')!.textContent).toMatch(/^Deleted the submission of /);
  });
});

describe('Subscribers', () => {
  it('lists each list by name (a form of its own by its id), exports a list page by page, and takes an address off every list', async () => {
    const lists = { lists: [{ listId: 'newsletter', name: null, subscribers: 1 }, { listId: 'studio-news', name: 'Studio news', subscribers: 2 }] };
    const pages: Record<string, unknown> = {
      '': { subscribers: [{ email: 'a@example.com', createdAt: '2026-11-01T00:00:00.000Z', unsubscribePath: '/newsletter/unsubscribe?token=ab12' }], next: 'a@example.com' },
      'a%40example.com': { subscribers: [{ email: '=cmd@example.com', createdAt: '2026-11-02T00:00:00.000Z', unsubscribePath: null }], next: null },
    };
    const load = async <T,>(path: string): Promise<T> => (path === '/api/owner/subscribers' ? lists : pages[path.split('after=')[1] ?? '']) as T;
    const { csv, count } = await subscribersCsv(load, 'studio-news', 'https://site.example');
    expect([csv, count]).toEqual([
      "Email,Subscribed,Unsubscribe link\r\na@example.com,2026-11-01T00:00:00.000Z,https://site.example/newsletter/unsubscribe?token=ab12\r\n'=cmd@example.com,2026-11-02T00:00:00.000Z,\r\n",
      2,
    ]);

    const removed: string[] = [];
    const remove = async <T,>(path: string): Promise<T> => {
      removed.push(path);
      return { removed: 2 } as T;
    };
    await act(async () => root.render(<Subscribers load={load} remove={remove} />));
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Sign-ups of newsletter form newsletter: 1 subscriber Export CSV', 'Studio news: 2 subscribers Export CSV']);
    expect(container.querySelector('li button')!.getAttribute('aria-label')).toBe('Export the subscribers of Sign-ups of newsletter form newsletter as CSV');
    const input = container.querySelector<HTMLInputElement>('#unsubscribe-email')!;
    expect(container.querySelector('label[for="unsubscribe-email"]')!.textContent).toBe('Take an address off every list');
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, ' Ada@Example.com ');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => input.form!.requestSubmit());
    expect(removed).toEqual(['/api/owner/subscribers/Ada%40Example.com']);
    expect(container.querySelector('[role="status"]')!.textContent).toBe('Took Ada@Example.com off 2 lists.');
    expect(input.value).toBe('');
  });
});

describe('web vitals', () => {
  it.each([
    ['lcp', 2500, 'good'],
    ['lcp', 2501, 'needs-improvement'],
    ['lcp', 4001, 'poor'],
    ['inp', 200, 'good'],
    ['cls', 0.1, 'good'],
    ['cls', 0.26, 'poor'],
    ['ttfb', 900, 'needs-improvement'],
  ] as const)('%s %d is %s', (metric, value, grade) => {
    expect(rating(metric, value)).toBe(grade);
  });
  it('formats', () => {
    expect(metricText('lcp', 2512.3)).toBe('2.51 s');
    expect(metricText('inp', 96.4)).toBe('96 ms');
    expect(metricText('cls', 0.1234)).toBe('0.123');
  });
});

describe('Insights', () => {
  it("asks page views, sales, performance and errors for the range the owner picks, the last 30 days at first (the server ends it on the site's today); the picker keeps its focus while they load", async () => {
    urls.length = 0;
    await act(async () => root.render(<Insights />));
    const ranged = () => urls.filter((url) => /\/api\/owner\/(pageviews|sales|performance|errors)\?/.test(url)).map((url) => url.replace(/&crumb=.*$/, '')).sort();
    expect(ranged()).toEqual(['/api/owner/errors?days=30', '/api/owner/pageviews?days=30', '/api/owner/performance?days=30', '/api/owner/sales?days=30']);
    const select = container.querySelector<HTMLSelectElement>('select')!;
    expect(container.querySelector(`label[for="${select.id}"]`)!.textContent).toBe('Range ');
    expect(document.getElementById(select.getAttribute('aria-describedby')!)!.textContent).toBe('of page views, sales, performance and errors');
    expect([...select.options].map((option) => option.textContent)).toEqual(['Last 7 days', 'Last 30 days', 'Last 90 days', 'Last 365 days']);
    select.focus();
    urls.length = 0;
    await act(async () => {
      select.value = '7';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(ranged()).toEqual(['/api/owner/errors?days=7', '/api/owner/pageviews?days=7', '/api/owner/performance?days=7', '/api/owner/sales?days=7']);
    expect(document.activeElement).toBe(select);
    expect(container.textContent).toContain('1 page load measured in the last 7 days.');
    expect(container.querySelector('#errors-title')!.parentElement!.querySelector('caption')!.textContent).toBe('Errors by message, last 7 days');

    // The panel's other tabs take Insights off the page; coming back, the range is the one picked.
    await act(async () => root.render(<></>));
    urls.length = 0;
    await act(async () => root.render(<Insights />));
    expect(container.querySelector<HTMLSelectElement>('select')!.value).toBe('7');
    expect(ranged()).toEqual(['/api/owner/errors?days=7', '/api/owner/pageviews?days=7', '/api/owner/performance?days=7', '/api/owner/sales?days=7']);
  });

  it('starts at the last 30 days when the browser keeps nothing (storage that throws, or a value it does not offer)', async () => {
    sessionStorage.setItem(INSIGHTS_DAYS_KEY, '12');
    await act(async () => root.render(<Insights />));
    expect(container.querySelector<HTMLSelectElement>('select')!.value).toBe('30');
    await act(async () => root.render(<></>));
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      await act(async () => root.render(<Insights />));
      const select = container.querySelector<HTMLSelectElement>('select')!;
      expect(select.value).toBe('30');
      await act(async () => {
        select.value = '90';
        select.dispatchEvent(new Event('change', { bubbles: true }));
      });
      expect(select.value).toBe('90');
    } finally {
      vi.restoreAllMocks();
    }
  });
});
