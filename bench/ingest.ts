/**
 * Server ingest on loopback (autocannon): census hits and form submissions per second with
 * their p99 latency, and the rows stored counted against the calls: every call answered 2xx is
 * stored, and nothing beyond what was sent (calls still in flight when the run stops may land).
 */
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';

export interface IngestResult {
  name: string;
  connections: number;
  seconds: number;
  perSecond: number;
  p99Ms: number;
  /** Requests sent (those still in flight when the run stopped included), answered 2xx. */
  sent: number;
  ok: number;
  errors: number;
  stored: number;
}

async function crumbOf(base: string): Promise<string> {
  const response = await fetch(`${base}/plain`);
  const crumb = /(?:^|,\s*)crumb=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!crumb) throw new Error('the server set no crumb cookie');
  return crumb;
}

const count = (dataDir: string, table: string) => {
  const db = new Database(path.join(dataDir, 'site.sqlite'), { readonly: true });
  try {
    return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export async function measureIngest(base: string, dataDir: string, seconds: number, connections: number): Promise<IngestResult[]> {
  const crumb = await crumbOf(base);
  const headers = { cookie: `crumb=${crumb}`, 'content-type': 'application/json' };

  const hitsBefore = count(dataDir, 'census_hits');
  const hit = JSON.stringify({ event: 'pageView', data: JSON.stringify({ url: '/bench', websiteId: 'bench-site', referrer: '' }) });
  const hits = await run({ url: `${base}/api/census/RecordHit?crumb=${crumb}`, method: 'POST', headers, body: hit, connections, duration: seconds });
  const hitsStored = count(dataDir, 'census_hits') - hitsBefore;

  // A submission takes two calls, as in the browser: a key, then the save with that key.
  const formsBefore = count(dataDir, 'form_submissions');
  const submission = (key: string) => JSON.stringify({ key, formId: 'studio', form: JSON.stringify({ 'visit-name': 'Bench', 'visit-email': 'bench@example.com' }), isOverlayForm: false, url: '/studio' });
  const forms = await run({
    url: base,
    connections,
    duration: seconds,
    requests: [
      { method: 'POST', path: `/api/form/FormSubmissionKey?crumb=${crumb}`, headers, body: '{}', onResponse: (_status, body, context) => void ((context as { key?: string }).key = (JSON.parse(body) as { key: string }).key) },
      { method: 'POST', path: `/api/form/SaveFormSubmission?crumb=${crumb}`, headers, setupRequest: (request, context) => ({ ...request, body: submission(String((context as { key?: string }).key)) }) },
    ],
  });
  const formsStored = count(dataDir, 'form_submissions') - formsBefore;

  const summary = (name: string, result: autocannon.Result, stored: number, callsPerItem: number): IngestResult => ({
    name,
    connections,
    seconds,
    perSecond: Math.round(result.requests.average / callsPerItem),
    p99Ms: result.latency.p99,
    sent: Math.floor(result.requests.sent / callsPerItem),
    ok: Math.floor(result['2xx'] / callsPerItem),
    errors: result.errors + result.timeouts + result.non2xx,
    stored,
  });
  return [summary('census hits (POST /api/census/RecordHit)', hits, hitsStored, 1), summary('form submissions (key + SaveFormSubmission)', forms, formsStored, 2)];
}
