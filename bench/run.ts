/**
 * `npm run bench`: builds nothing itself (npm runs the build first), starts the built server and
 * the benchmark's front server, drives Debian's Chromium, and writes bench/RESULTS.md and
 * bench/results.json. Its options: options.ts (`--help`) and bench/README.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { chromium } from '@playwright/test';
import { startBuiltServer } from '../e2e/server-process';
import { demoPages, measureBytes, measureLikeForLike } from './bytes';
import { PEERS, peerSize, peerStackScript, peerStyles, type Peer } from './bundle';
import { measureIngest } from './ingest';
import { measureStorage } from './storage';
import { CHROMIUM, measureLighthouse } from './lighthouse';
import { measureDemoPages } from './demo-main';
import { measureMainThread } from './main-thread';
import { measureMemory } from './memory';
import { MEMBER_ENV, memberCookie, memberPages } from './member';
import { mergeResults } from './merge';
import { comparePages } from './compare';
import { profilePage } from './profile';
import { measurePaints } from './paints';
import { startProxy } from './proxy';
import { renderResults, verdicts, type Results } from './report';
import { checkArgs, USAGE } from './options';

const args = process.argv.slice(2);

const checked = checkArgs(args);
if (checked.help || checked.mistakes.length) {
  for (const mistake of checked.help ? [] : checked.mistakes) console.error(`bench: ${mistake}`);
  console.log(`${checked.help ? '' : '\n'}${USAGE}`);
  process.exit(checked.help ? 0 : 2);
}

const quick = args.includes('--quick');
const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',');
const profile = args.find((arg) => arg.startsWith('--profile='))?.slice('--profile='.length);
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
// Five: one page's simulated TBT moves by tens of milliseconds from audit to audit here (ten audits
// of /blocks: 0 to 192 ms), and the median of three still failed it now and then.
const lighthouseRuns = Number(option('lighthouse-runs') ?? (quick ? 1 : 5));
// Three under devtools throttling: each of those audits loads the page at 4x for real (about 35 s
// here against 10 for a simulated one).
const devtoolsRuns = Number(option('devtools-runs') ?? (quick ? 1 : 3));
const compare = option('compare')?.split(',');
const paints = option('paints')?.split(',');
const blockCounts = option('blocks')?.split(',').map(Number) ?? (quick ? [10, 100] : [10, 100, 1000]);
const mainRuns = Number(option('runs') ?? (quick ? 1 : 5));
const demoPageList = option('pages')?.split(',');
// Five: whether a demo page shows a long task at all changes from run to run (the median of three
// failed /gallery when eight probe runs found one in one of them).
const demoRuns = Number(option('demo-runs') ?? (quick ? 1 : 5));
const wanted = (section: string) => !only || only.includes(section);
const merge = args.includes('--merge');

async function main(): Promise<void> {
  const results: Results = { date: new Date().toISOString(), machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}` };
  console.log('Bundling the peer stack…');
  const peerSizes = {} as Record<Peer, number>;
  for (const peer of Object.keys(PEERS) as Peer[]) peerSizes[peer] = await peerSize(peer);
  results.peerSizes = peerSizes;

  const server = await startBuiltServer({ FORM_RATE_LIMIT: '1000000000', ...MEMBER_ENV });
  const proxy = await startProxy(server.baseUrl, { script: await peerStackScript(), styles: peerStyles() });
  if (args.includes('--serve')) {
    // For probing by hand (DevTools, a script): the bench pages stay up until Ctrl-C.
    console.log(`Serving the bench pages at ${proxy.url}/bench/ (blocks-1000-tessera, like-for-like, …) and the demo site at ${proxy.url}/`);
    return;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  if (profile || compare || paints) {
    try {
      const lines = profile ? await profilePage(browser, proxy.url, profile, args.includes('--consented')) : compare ? await comparePages(browser, proxy.url, compare, mainRuns) : await measurePaints(browser, proxy.url, paints!, mainRuns);
      console.log(lines.join('\n'));
    } finally {
      await browser.close();
      await proxy.close();
      await server.stop();
    }
    return;
  }
  try {
    if (wanted('bytes')) {
      console.log('Bytes…');
      const likeForLike = await measureLikeForLike(browser, proxy.url);
      results.likeForLike = { ...likeForLike, peers: Object.values(peerSizes).reduce((a, b) => a + b, 0) };
      results.bytes = await measureBytes(browser, proxy.url, peerSizes, quick ? ['/', '/gallery', '/blocks'] : demoPages());
    }
    if (wanted('main')) {
      console.log('Main thread at 4x throttling…');
      results.mainThread = await measureMainThread(browser, proxy.url, blockCounts, mainRuns, [Math.max(...blockCounts)]);
      results.demoMainThread = await measureDemoPages(browser, proxy.url, demoPageList ?? (quick ? ['/', '/gallery'] : demoPages()), demoRuns);
    }
    if (wanted('memory')) {
      console.log('Memory…');
      results.memory = await measureMemory(browser, proxy.url, quick ? 100 : 1000, 10);
    }
    if (wanted('ingest')) {
      console.log('Server ingest…');
      results.ingest = await measureIngest(server.baseUrl, server.dataDir, quick ? 3 : 10, 10);
    }
    if (wanted('storage')) {
      const pageViews = Number(option('page-views') ?? (quick ? 100_000 : 1_000_000));
      results.storage = [];
      for (const engine of ['sqlite', 'postgres'] as const) {
        console.log(`Storage on ${engine} with ${pageViews} page views…`);
        results.storage.push(await measureStorage(engine, pageViews, quick ? 3 : 5));
      }
    }
    if (wanted('lighthouse')) {
      console.log('Lighthouse…');
      const member = await memberCookie(proxy.url);
      const cookies = Object.fromEntries(memberPages().map((page) => [page, member]));
      results.lighthouse = await measureLighthouse(proxy.url, demoPageList ?? (quick ? ['/', '/gallery'] : demoPages()), { simulated: lighthouseRuns, devtools: devtoolsRuns }, cookies);
    }
  } finally {
    await browser.close();
    await proxy.close();
    await server.stop();
  }
  const written = merge ? mergeResults(JSON.parse(readFileSync('bench/results.json', 'utf8')) as Results, results) : results;
  writeFileSync('bench/results.json', JSON.stringify(written, null, 2) + '\n');
  writeFileSync('bench/RESULTS.md', renderResults(written) + '\n');
  for (const [target, pass] of Object.entries(verdicts(written))) console.log(`${pass ? 'PASS' : 'FAIL'}  ${target}`);
  console.log('Wrote bench/RESULTS.md and bench/results.json');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
