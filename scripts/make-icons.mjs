#!/usr/bin/env node
/**
 * Draws Punchcard's icons (a clock face) and writes every icon the app and its installers use, from this one drawing:
 * no image library and no second source. A shape is a coverage function, sampled 4x4 per pixel for smooth edges; PNG,
 * ICO and ICNS are written by hand (zlib for IDAT; ICO and ICNS hold PNG images, which Windows Vista+ and macOS 10.7+
 * read). The output is committed; run again only to change the drawing: `node scripts/make-icons.mjs`.
 *
 * resources/ (in the app, read at run time by src/main/electron/tray.ts):
 *   tray-idle.png / @2x      grey ring and hands: not tracking (Windows, Linux)
 *   tray-running.png / @2x   green disc with white hands: the timer runs (Windows, Linux)
 *   tray-idleTemplate.png / @2x, tray-runningTemplate.png / @2x   the same in black and alpha only: macOS draws
 *                            "Template" images in the menu bar's own colour (light and dark menu bars alike)
 *   icon.png (256), icon-512.png   the app icon: white clock on a blue rounded square
 * build/ (electron-builder's buildResources, used only when packaging: electron-builder.yml):
 *   icon.ico                 Windows: 16 to 256 px
 *   icon.icns                macOS: 16 to 1024 px (the @2x sizes included)
 *   icons/NxN.png            Linux: 16 to 512 px, the set the .desktop entry, AppImage, deb and rpm install
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'resources');
const BUILD = join(ROOT, 'build');

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
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** RGBA pixels (Uint8Array, row-major) -> PNG bytes (8-bit, colour type 6, no interlace). */
function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    Buffer.from(rgba.buffer, y * size * 4, size * 4).copy(raw, y * (size * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Shapes in unit coordinates (0..1 across the icon).
const disc = (cx, cy, r) => (x, y) => Math.hypot(x - cx, y - cy) <= r;
const ring = (cx, cy, r, w) => (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - r) <= w / 2;
const segment = (ax, ay, bx, by, w) => (x, y) => {
  const dx = bx - ax,
    dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy)) <= w / 2;
};
const roundedSquare = (m, r) => (x, y) => {
  const qx = Math.max(Math.abs(x - 0.5) - (0.5 - m - r), 0),
    qy = Math.max(Math.abs(y - 0.5) - (0.5 - m - r), 0);
  return Math.hypot(qx, qy) <= r;
};
const hands = (w) => [segment(0.5, 0.5, 0.5, 0.27, w), segment(0.5, 0.5, 0.68, 0.5, w)];

/** Layers are painted in order: [colour [r,g,b,a], shape]. */
function draw(size, layers) {
  const px = new Uint8Array(size * size * 4);
  const S = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < S; sy++) {
        for (let sx = 0; sx < S; sx++) {
          const ux = (x + (sx + 0.5) / S) / size,
            uy = (y + (sy + 0.5) / S) / size;
          let c = [0, 0, 0, 0];
          for (const [colour, shape] of layers) if (shape(ux, uy)) c = colour;
          // premultiplied accumulation keeps edges free of dark fringes
          r += c[0] * c[3];
          g += c[1] * c[3];
          b += c[2] * c[3];
          a += c[3];
        }
      }
      const i = (y * size + x) * 4;
      px[i] = a ? Math.round(r / a) : 0;
      px[i + 1] = a ? Math.round(g / a) : 0;
      px[i + 2] = a ? Math.round(b / a) : 0;
      px[i + 3] = Math.round((a / (S * S)) * 255);
    }
  }
  return px;
}

const GREY = [110, 116, 128, 1],
  GREEN = [34, 160, 90, 1],
  WHITE = [255, 255, 255, 1],
  BLUE = [37, 84, 199, 1];
const trayIdle = (size) => draw(size, [[GREY, ring(0.5, 0.5, 0.4, 0.12)], ...hands(0.1).map((h) => [GREY, h])]);
const trayRunning = (size) => draw(size, [[GREEN, disc(0.5, 0.5, 0.46)], ...hands(0.11).map((h) => [WHITE, h])]);
const appIcon = (size) =>
  draw(size, [
    [BLUE, roundedSquare(0.06, 0.18)],
    [WHITE, ring(0.5, 0.5, 0.28, 0.06)],
    [WHITE, segment(0.5, 0.5, 0.5, 0.32, 0.05)],
    [WHITE, segment(0.5, 0.5, 0.63, 0.5, 0.05)],
  ]);

// macOS template images: only the alpha channel counts (black where drawn). The running one is a disc with the
// hands cut out, so the two states differ in shape, not in a colour the menu bar would not show.
const BLACK = [0, 0, 0, 1],
  CLEAR = [0, 0, 0, 0];
const trayIdleTemplate = (size) => draw(size, [[BLACK, ring(0.5, 0.5, 0.4, 0.12)], ...hands(0.1).map((h) => [BLACK, h])]);
const trayRunningTemplate = (size) => draw(size, [[BLACK, disc(0.5, 0.5, 0.46)], ...hands(0.11).map((h) => [CLEAR, h])]);

/** ICO: a directory of PNG images (width and height 0 mean 256). */
function encodeIco(pngs) {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(([size, png], i) => {
    const at = 6 + 16 * i;
    header[at] = size >= 256 ? 0 : size;
    header[at + 1] = size >= 256 ? 0 : size;
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...pngs.map(([, png]) => png)]);
}

/** ICNS: 'icns', total length, then one (type, length, PNG) element per size. */
const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['icp6', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
  ['ic11', 32],
  ['ic12', 64],
  ['ic13', 256],
  ['ic14', 512],
];
function encodeIcns(pngOf) {
  const elements = ICNS_TYPES.map(([type, size]) => {
    const png = pngOf(size);
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + elements.reduce((n, e) => n + e.length, 0), 4);
  return Buffer.concat([head, ...elements]);
}

const pngCache = new Map();
const appPng = (size) => {
  if (!pngCache.has(size)) pngCache.set(size, encodePng(size, appIcon(size)));
  return pngCache.get(size);
};

mkdirSync(OUT, { recursive: true });
mkdirSync(join(BUILD, 'icons'), { recursive: true });
const files = [
  ['tray-idle.png', 16, trayIdle],
  ['tray-idle@2x.png', 32, trayIdle],
  ['tray-running.png', 16, trayRunning],
  ['tray-running@2x.png', 32, trayRunning],
  ['tray-idleTemplate.png', 16, trayIdleTemplate],
  ['tray-idleTemplate@2x.png', 32, trayIdleTemplate],
  ['tray-runningTemplate.png', 16, trayRunningTemplate],
  ['tray-runningTemplate@2x.png', 32, trayRunningTemplate],
];
for (const [name, size, paint] of files) writeFileSync(join(OUT, name), encodePng(size, paint(size)));
writeFileSync(join(OUT, 'icon.png'), appPng(256));
writeFileSync(join(OUT, 'icon-512.png'), appPng(512));
const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512];
for (const size of LINUX_SIZES) writeFileSync(join(BUILD, 'icons', `${size}x${size}.png`), appPng(size));
writeFileSync(join(BUILD, 'icon.ico'), encodeIco([16, 24, 32, 48, 64, 128, 256].map((size) => [size, appPng(size)])));
writeFileSync(join(BUILD, 'icon.icns'), encodeIcns(appPng));
console.log(
  `Wrote ${files.map(([n]) => n).join(', ')}, icon.png, icon-512.png to resources/; ` +
    `icon.ico, icon.icns and icons/ (${LINUX_SIZES.join(', ')} px) to build/`,
);
