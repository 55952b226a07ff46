/** The bench's command line: its usage, and what is wrong with the arguments given. */
export const USAGE = `Usage: npm run bench -- [options]   (or: node dist/bench/run.js [options] after the bench build)

With no option it runs every section (about two hours here) and rewrites bench/RESULTS.md and
bench/results.json.

  --only=SECTIONS        some of bytes,main,memory,lighthouse,ingest,storage
  --merge                put a partial run's rows into the last results instead of replacing them
  --quick                fewer and smaller rounds (a minute or two a section)
  --blocks=10,100,1000   the main-thread section's page sizes
  --runs=N               runs per page (main thread, --compare, --paints)
  --pages=/,/faq         the demo pages measured (main thread and Lighthouse)
  --demo-runs=N          runs per demo page in the main-thread section
  --lighthouse-runs=N    audits per page with and without the runtime, simulated throttling (5; 0: none)
  --devtools-runs=N      the same under devtools throttling (3; 0: none)
  --page-views=N         page views stored for the storage section (1,000,000)
  --compare=/a,/b        measure pages side by side in interleaved runs and print the medians
  --paints=/a,/b         first and largest paints on a throttled phone
  --profile=PATH         profile one page (CPU profile and trace in bench/profiles/)
  --consented            with --profile: as a visitor who accepted cookies
  --serve                only serve the bench pages, for probing by hand
  --help                 this text

See bench/README.md.`;

const KNOWN = ['only', 'merge', 'quick', 'blocks', 'runs', 'pages', 'demo-runs', 'lighthouse-runs', 'devtools-runs', 'page-views', 'compare', 'paints', 'profile', 'consented', 'serve', 'help'];
/** Options that count something (0 is allowed: `--lighthouse-runs=0` audits under devtools throttling only). */
const COUNTS = ['runs', 'demo-runs', 'lighthouse-runs', 'devtools-runs', 'page-views'];
export const SECTIONS = ['bytes', 'main', 'memory', 'lighthouse', 'ingest', 'storage'];

/** Whether the usage was asked for, and each unknown option or section (a typo must not start a two-hour run). */
export function checkArgs(args: string[]): { help: boolean; mistakes: string[] } {
  const sections = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',') ?? [];
  return {
    help: args.includes('--help') || args.includes('-h'),
    mistakes: [
      ...args.filter((arg) => arg !== '-h' && !KNOWN.includes(/^--([\w-]+)/.exec(arg)?.[1] ?? '')).map((arg) => `unknown option ${arg}`),
      ...sections.filter((name) => !SECTIONS.includes(name)).map((name) => `no section "${name}"`),
      ...args.filter((arg) => COUNTS.some((name) => arg.startsWith(`--${name}=`)) && !/=\d+$/.test(arg)).map((arg) => `${arg}: a whole number, please`),
    ],
  };
}
