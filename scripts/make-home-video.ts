/**
 * Makes the home page's looping clip, its poster, and the demo X posts' pictures from the demo
 * catalogue's own card art (nothing is downloaded): frames are drawn with sharp, then encoded by
 * Debian's ffmpeg (`apt-get install -y ffmpeg`).
 *
 *   npx tsx scripts/make-home-video.ts
 *
 * Writes apps/web/public/media/{grail-machine.webm, grail-machine.mp4, grail-machine-poster.webp,
 * x-avatar.webp, x-demo-1.webp, x-demo-2.webp}.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { cardArtSvg } from '../apps/api/src/modules/demo/card-art.js';
import { DEMO_CASE_CARDS, type DemoCard } from '../apps/api/src/modules/demo/catalogue.js';

const OUT = join(import.meta.dirname, '..', 'apps', 'web', 'public', 'media');
const WIDTH = 960;
const HEIGHT = 540;
const FPS = 24;
const SECONDS = 8;
const CARD_W = 180;
const CARD_H = 252;
const SPACING = 230;
const CARDS = 8;
const MAX_BYTES = 2 * 1024 * 1024;

const art = (card: DemoCard, cert: string) =>
  Buffer.from(cardArtSvg({ ...card, certNumber: card.grader ? cert : null }));

const background =
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs>
    <radialGradient id="glow" cx="50%" cy="55%" r="60%">
      <stop offset="0" stop-color="#3b2a7a"/>
      <stop offset="0.55" stop-color="#141a3a"/>
      <stop offset="1" stop-color="#070a18"/>
    </radialGradient>
    <radialGradient id="spot" cx="50%" cy="50%" r="50%">
      <stop offset="0" stop-color="#ffd54f" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#ffd54f" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#glow)"/>
  <ellipse cx="${WIDTH / 2}" cy="${HEIGHT / 2}" rx="230" ry="200" fill="url(#spot)"/>
  <rect x="0" y="${HEIGHT - 70}" width="${WIDTH}" height="70" fill="#000" opacity="0.25"/>
</svg>`);

async function main() {
  mkdirSync(OUT, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'home-video-'));
  try {
    // The case's biggest grails make the best trailer.
    const grails = [...DEMO_CASE_CARDS].sort((a, b) => b.fmv - a.fmv).slice(0, CARDS);
    const cards = await Promise.all(
      grails.map((card, i) =>
        sharp(art(card, String(71234560 + i * 7919)))
          .resize(CARD_W * 2, CARD_H * 2)
          .png()
          .toBuffer(),
      ),
    );
    const base = await sharp(background).png().toBuffer();
    const frames = FPS * SECONDS;
    const strip = CARDS * SPACING;
    for (let f = 0; f < frames; f++) {
      // One full trip of the strip per loop, so the last frame flows into the first.
      const shift = (f / frames) * strip;
      const placed: { input: Buffer; left: number; top: number; z: number }[] = [];
      for (let i = 0; i < CARDS; i++) {
        let x = i * SPACING - shift;
        while (x < -SPACING * 2) x += strip;
        const centre = x + WIDTH / 2 - SPACING * 1.5;
        const distance = Math.abs(centre - WIDTH / 2) / SPACING;
        if (centre < -CARD_W || centre > WIDTH + CARD_W) continue;
        const scale = 1 + 0.4 * Math.max(0, 1 - distance);
        const w = Math.round(CARD_W * scale);
        const h = Math.round(CARD_H * scale);
        const left = Math.round(centre - w / 2);
        const top = Math.round(HEIGHT / 2 - h / 2);
        const input = await sharp(cards[i]!).resize(w, h).png().toBuffer();
        // Cut cards that run off the frame: sharp composites must fit inside the base.
        const cropLeft = Math.max(0, -left);
        const cropRight = Math.max(0, left + w - WIDTH);
        if (w - cropLeft - cropRight <= 0) continue;
        const visible =
          cropLeft || cropRight
            ? await sharp(input)
                .extract({ left: cropLeft, top: 0, width: w - cropLeft - cropRight, height: h })
                .toBuffer()
            : input;
        placed.push({ input: visible, left: left + cropLeft, top, z: scale });
      }
      placed.sort((a, b) => a.z - b.z);
      await sharp(base)
        .composite(placed.map(({ input, left, top }) => ({ input, left, top })))
        .png({ compressionLevel: 1 })
        .toFile(join(work, `frame${String(f).padStart(4, '0')}.png`));
    }

    const frameInput = [
      '-y',
      '-loglevel',
      'error',
      '-framerate',
      String(FPS),
      '-i',
      join(work, 'frame%04d.png'),
    ];
    execFileSync('ffmpeg', [
      ...frameInput,
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '42',
      '-row-mt',
      '1',
      '-pix_fmt',
      'yuv420p',
      '-an',
      join(OUT, 'grail-machine.webm'),
    ]);
    execFileSync('ffmpeg', [
      ...frameInput,
      '-c:v',
      'libx264',
      '-preset',
      'slow',
      '-crf',
      '30',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-an',
      join(OUT, 'grail-machine.mp4'),
    ]);
    await sharp(join(work, 'frame0000.png'))
      .webp({ quality: 60 })
      .toFile(join(OUT, 'grail-machine-poster.webp'));

    // Pictures for the demo X posts, and the demo profile's avatar.
    for (const [index, name] of [
      [0, 'x-demo-1.webp'],
      [1, 'x-demo-2.webp'],
    ] as const) {
      await sharp(base)
        .resize(640, 400)
        .composite([
          { input: await sharp(cards[index]!).resize(240, 336).toBuffer(), left: 200, top: 32 },
        ])
        .webp({ quality: 65 })
        .toFile(join(OUT, name));
    }
    await sharp(
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96">
        <rect width="96" height="96" rx="48" fill="#141a3a"/>
        <text x="48" y="60" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="36" font-weight="bold" fill="#ffd54f">GM</text>
      </svg>`),
    )
      .webp({ quality: 80 })
      .toFile(join(OUT, 'x-avatar.webp'));

    for (const file of ['grail-machine.webm', 'grail-machine.mp4']) {
      const size = statSync(join(OUT, file)).size;
      if (size >= MAX_BYTES) throw new Error(`${file} is ${size} bytes; it must stay under 2 MB`);
      console.log(`${file}: ${(size / 1024).toFixed(0)} KB`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
