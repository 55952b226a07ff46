/**
 * Lighthouse 12.8 (performance only, its default mobile settings) on each demo page, with the
 * runtime and without it (the same page with its script tag removed and its images as plain
 * `src`, by the benchmark's front server), under each throttling method: simulated (Lighthouse's
 * default: an unthrottled load, its timings then modelled for a slow phone) and applied
 * ("devtools": the load itself throttled, 4x CPU and a slow 4G network). Medians of `runs` runs
 * of each method.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median } from './main-thread';

export interface LighthouseScores {
  score: number;
  tbtMs: number;
  lcpMs: number;
  cls: number;
  /** Why Lighthouse could not score the page (its runtime error), when it could not. */
  error?: string;
}
export type Throttling = 'simulated' | 'devtools';
export const THROTTLING_METHODS: Throttling[] = ['simulated', 'devtools'];

export interface LighthouseResult {
  page: string;
  /** Absent in results from before devtools throttling was measured: simulated. */
  throttling?: Throttling;
  with: LighthouseScores;
  without: LighthouseScores;
}

export const CHROMIUM = '/usr/bin/chromium';

const launch = () => chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });

/**
 * One audit; with `cookie`, as the visitor who has it (a signed-in member), in a browser of its
 * own: in a browser that has audited a page before, Lighthouse's own handling of a Cookie header
 * lost the session (the page answered 403).
 */
async function audit(port: number, url: string, throttling: Throttling, cookie?: string): Promise<LighthouseScores> {
  if (cookie) {
    const own = await launch();
    try {
      return await auditIn(own.port, url, throttling, { Cookie: cookie });
    } finally {
      await own.kill();
    }
  }
  return auditIn(port, url, throttling);
}

async function auditIn(port: number, url: string, throttlingMethod: Throttling, extraHeaders?: Record<string, string>): Promise<LighthouseScores> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], throttlingMethod: throttlingMethod === 'simulated' ? 'simulate' : 'devtools', ...(extraHeaders ? { extraHeaders } : {}) });
  const lhr = result!.lhr;
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const scores: LighthouseScores = { score: Math.round((lhr.categories.performance?.score ?? 0) * 100), tbtMs: value('total-blocking-time'), lcpMs: value('largest-contentful-paint'), cls: value('cumulative-layout-shift') };
  // An error page (a members-only page for a visitor: 403) Lighthouse does not score.
  if (lhr.runtimeError) scores.error = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  return scores;
}

const medianScores = (all: LighthouseScores[]): LighthouseScores => {
  const error = all.find((s) => s.error)?.error;
  return {
    ...(error ? { error } : {}),
    score: median(all.map((s) => s.score)),
    tbtMs: median(all.map((s) => s.tbtMs)),
    lcpMs: median(all.map((s) => s.lcpMs)),
    cls: median(all.map((s) => s.cls)),
  };
};

/**
 * `cookies`: the Cookie header a page is audited with. A members-only page answers a visitor
 * 403, which Lighthouse does not score: it is audited as a signed-in member (member.ts).
 */
export async function measureLighthouse(base: string, pages: string[], runs: Record<Throttling, number>, cookies: Record<string, string> = {}): Promise<LighthouseResult[]> {
  const chrome = await launch();
  const results: LighthouseResult[] = [];
  try {
    for (const throttling of THROTTLING_METHODS) {
      // `--lighthouse-runs=0` measures under devtools throttling only (and the other way round).
      if (runs[throttling] === 0) continue;
      for (const page of pages) {
        const withRuntime: LighthouseScores[] = [];
        const withoutRuntime: LighthouseScores[] = [];
        for (let i = 0; i < runs[throttling]; i++) {
          // Alternating keeps machine noise from favouring one side.
          withRuntime.push(await audit(chrome.port, `${base}${page}`, throttling, cookies[page]));
          withoutRuntime.push(await audit(chrome.port, `${base}${page}${page.includes('?') ? '&' : '?'}bench-no-runtime`, throttling, cookies[page]));
        }
        results.push({ page, throttling, with: medianScores(withRuntime), without: medianScores(withoutRuntime) });
      }
    }
  } finally {
    await chrome.kill();
  }
  return results;
}
