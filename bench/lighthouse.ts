/**
 * Lighthouse 12.8 (performance only, its default mobile settings with simulated throttling) on
 * each demo page, with the runtime and without it (the same page with its script tag removed by
 * the benchmark's front server). Medians of `runs` runs.
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
export interface LighthouseResult {
  page: string;
  with: LighthouseScores;
  without: LighthouseScores;
}

export const CHROMIUM = '/usr/bin/chromium';

async function audit(port: number, url: string): Promise<LighthouseScores> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = result!.lhr;
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const scores: LighthouseScores = { score: Math.round((lhr.categories.performance?.score ?? 0) * 100), tbtMs: value('total-blocking-time'), lcpMs: value('largest-contentful-paint'), cls: value('cumulative-layout-shift') };
  // A members-only page answers 403 to a visitor: Lighthouse scores no error page.
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

export async function measureLighthouse(base: string, pages: string[], runs: number): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const results: LighthouseResult[] = [];
  try {
    for (const page of pages) {
      const withRuntime: LighthouseScores[] = [];
      const withoutRuntime: LighthouseScores[] = [];
      for (let i = 0; i < runs; i++) {
        // Alternating keeps machine noise from favouring one side.
        withRuntime.push(await audit(chrome.port, `${base}${page}`));
        withoutRuntime.push(await audit(chrome.port, `${base}${page}${page.includes('?') ? '&' : '?'}bench-no-runtime`));
      }
      results.push({ page, with: medianScores(withRuntime), without: medianScores(withoutRuntime) });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}
