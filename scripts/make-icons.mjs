#!/usr/bin/env node
/**
 * Draws Punchcard's icons (a clock face) and writes them as PNGs to resources/. No image library: a shape is a
 * coverage function, sampled 4x4 per pixel for smooth edges, and the PNG is written by hand (zlib for IDAT).
 * The output is committed; run again only to change the drawing: `node scripts/make-icons.mjs`.
 *
 *   tray-idle.png / @2x      grey ring and hands: not tracking
 *   tray-running.png / @2x   green disc with white hands: the timer runs
 *   icon.png (256), icon-512.png   the app icon: white clock on a blue rounded square
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'resources');

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** RGBA pixels (Uint8Array, row-major) -> PNG bytes (8-bit, colour type 6, no interlace). */
function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0); ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, y * size * 4, size * 4).copy(raw, y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Shapes in unit coordinates (0..1 across the icon).
const disc = (cx, cy, r) => (x, y) => Math.hypot(x - cx, y - cy) <= r;
const ring = (cx, cy, r, w) => (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) <= w / 2;
const segment = (ax, ay, bx, by, w) => (x, y) => {
  const dx = bx - ax, dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy)) <= w / 2;
};
const roundedSquare = (m, r) => (x, y) => {
  const qx = Math.max(Math.abs(x - 0.5) - (0.5 - m - r), 0), qy = Math.max(Math.abs(y - 0.5) - (0.5 - m - r), 0);
  return Math.hypot(qx, qy) <= r;
};
const hands = (w) => [segment(0.5, 0.5, 0.5, 0.27, w), segment(0.5, 0.5, 0.68, 0.5, w)];

/** Layers are painted in order: [colour [r,g,b,a], shape]. */
function draw(size, layers) {
  const px = new Uint8Array(size * size * 4);
  const S = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const ux = (x + (sx + 0.5) / S) / size, uy = (y + (sy + 0.5) / S) / size;
          let c = [0, 0, 0, 0];
          for (const [colour, shape] of layers) if (shape(ux, uy)) c = colour;
          // premultiplied accumulation keeps edges free of dark fringes
          r += c[0] * c[3]; g += c[1] * c[3]; b += c[2] * c[3]; a += c[3];
        }
      }
      const i = (y * size + x) * 4;
      px[i] = a ? Math.round(r / a) : 0; px[i + 1] = a ? Math.round(g / a) : 0; px[i + 2] = a ? Math.round(b / a) : 0;
      px[i + 3] = Math.round((a / (S * S)) * 255);
    }
  }
  return px;
}

const GREY = [110, 116, 128, 1], GREEN = [34, 160, 90, 1], WHITE = [255, 255, 255, 1], BLUE = [37, 84, 199, 1];
const trayIdle = (size) => draw(size, [[GREY, ring(0.5, 0.5, 0.4, 0.12)], ...hands(0.1).map((h) => [GREY, h])]);
const trayRunning = (size) => draw(size, [[GREEN, disc(0.5, 0.5, 0.46)], ...hands(0.11).map((h) => [WHITE, h])]);
const appIcon = (size) => draw(size, [
  [BLUE, roundedSquare(0.06, 0.18)],
  [WHITE, ring(0.5, 0.5, 0.28, 0.06)],
  [WHITE, segment(0.5, 0.5, 0.5, 0.32, 0.05)],
  [WHITE, segment(0.5, 0.5, 0.63, 0.5, 0.05)],
]);

mkdirSync(OUT, { recursive: true });
const files = [
  ['tray-idle.png', 16, trayIdle], ['tray-idle@2x.png', 32, trayIdle],
  ['tray-running.png', 16, trayRunning], ['tray-running@2x.png', 32, trayRunning],
  ['icon.png', 256, appIcon], ['icon-512.png', 512, appIcon],
];
for (const [name, size, paint] of files) writeFileSync(join(OUT, name), encodePng(size, paint(size)));
console.log(`Wrote ${files.map(([n]) => n).join(', ')} to resources/`);
