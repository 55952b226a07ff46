import { it } from 'vitest';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { startTestServer } from './helper';
it('probe', async () => {
  await (await startTestServer()).close();
  const session = new Session(); session.connect();
  await session.post('Profiler.enable'); await session.post('Profiler.start');
  const s = Date.now();
  for (let i = 0; i < 5; i++) { const server = await startTestServer(); await server.close(); }
  console.log('AVG', (Date.now() - s) / 5);
  const { profile } = await session.post('Profiler.stop');
  writeFileSync('/tmp/start.cpuprofile', JSON.stringify(profile));
}, 120000);
