import type { FastifyInstance } from 'fastify';

/** The responsive widths the image loader asks for (spec part 2 §3). */
const WIDTHS = new Set([2500, 1500, 1000, 750, 500, 300, 100]);
const NAME = /^(\d{1,4})-(\d{2,5})x(\d{2,5})\.svg$/;

/**
 * Demo images generated on the fly: `/images/demo/{seed}-{W}x{H}.svg?format=500w` answers an
 * image of that shape drawn at the width asked for, labelled with it, so the demo needs no
 * binary files and tests can see which width the loader chose.
 */
export function demoImage(seed: number, width: number, height: number, asked: number | null): string {
  const drawn = asked ?? width;
  const drawnHeight = Math.round((drawn * height) / width);
  const hue = (seed * 47) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${drawn}" height="${drawnHeight}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 60% 55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360} 55% 35%)"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="${width * 0.7}" cy="${height * 0.35}" r="${Math.min(width, height) * 0.12}" fill="hsl(${hue} 80% 85%)" opacity=".8"/>
<text x="50%" y="92%" text-anchor="middle" font-family="sans-serif" font-size="${Math.round(height / 14)}" fill="#fff">#${seed} · ${asked ? `${asked}w` : 'original'}</text>
</svg>`;
}

/** A one-second 440 Hz tone as an 8 kHz, 8-bit mono WAV: the audio demo without a binary file. */
export function demoTone(seconds = 1, rate = 8000): Buffer {
  const samples = seconds * rate;
  const wav = Buffer.alloc(44 + samples);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate, 28);
  wav.writeUInt16LE(1, 32);
  wav.writeUInt16LE(8, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i++) wav[44 + i] = 128 + Math.round(40 * Math.sin((2 * Math.PI * 440 * i) / rate));
  return wav;
}

export default async function demoImageRoutes(app: FastifyInstance): Promise<void> {
  const tone = demoTone();
  app.get('/media/demo/tone.wav', async (_request, reply) => reply.type('audio/wav').header('cache-control', 'public, max-age=86400').send(tone));

  app.get<{ Params: { name: string }; Querystring: { format?: string } }>('/images/demo/:name', async (request, reply) => {
    const match = NAME.exec(request.params.name);
    if (!match) return reply.code(404).send({ error: 'Not found' });
    const [seed, width, height] = match.slice(1).map(Number) as [number, number, number];
    const format = /^(\d+)w$/.exec(request.query.format ?? '');
    const asked = format && WIDTHS.has(Number(format[1])) ? Number(format[1]) : null;
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(demoImage(seed, width, height, asked));
  });
}
