/**
 * The captcha for members without JavaScript: a raster image (PNG) of a short
 * code. The vector drawing never leaves the server; what the browser gets is
 * pixels, so the answer cannot be read from the response, only recognised.
 * Each image varies the glyphs themselves (bent strokes, straight or rounded,
 * own widths, scale, slant and rotation), overlaps them, crosses them with
 * strokes of the same ink, bends the whole picture along random waves and
 * salts it with noise.
 */
import { randomInt } from "node:crypto";
import sharp from "sharp";

type Point = [number, number];
type Stroke = Point[];

/** Pixels per grid unit: a glyph is about 30×45 px before its own scaling. */
const GRID = 7.5;

// Skeletons on a 4×6 grid; characters that look alike (0/O/D/Q, 1/I/J, B, S, Z, G/6, V/U, Y/K) are left out.
const GLYPHS: Record<string, readonly Stroke[]> = {
  "2": [
    [
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [0, 6],
      [4, 6],
    ],
  ],
  "3": [
    [
      [0, 0],
      [4, 0],
      [2, 2.5],
      [4, 3.5],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
    ],
  ],
  "4": [
    [
      [3, 6],
      [3, 0],
      [0, 4],
      [4, 4],
    ],
  ],
  "5": [
    [
      [4, 0],
      [0, 0],
      [0, 2.5],
      [3, 2.5],
      [4, 3.5],
      [4, 5],
      [3, 6],
      [0, 6],
    ],
  ],
  "6": [
    [
      [4, 0],
      [1, 0],
      [0, 1.5],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 3.5],
      [3, 2.5],
      [0, 2.8],
    ],
  ],
  "7": [
    [
      [0, 0],
      [4, 0],
      [1.5, 6],
    ],
  ],
  "8": [
    [
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
    ],
    [
      [1, 3],
      [0, 4],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
    ],
  ],
  "9": [
    [
      [4, 3],
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 5],
      [3, 6],
      [0, 6],
    ],
  ],
  A: [
    [
      [0, 6],
      [2, 0],
      [4, 6],
    ],
    [
      [1, 3.5],
      [3, 3.5],
    ],
  ],
  C: [
    [
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
    ],
  ],
  E: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
      [4, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  F: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [4, 6],
    ],
    [
      [0, 3],
      [4, 3],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [0, 3.5],
    ],
    [
      [1.3, 2.6],
      [4, 6],
    ],
  ],
  L: [
    [
      [0, 0],
      [0, 6],
      [4, 6],
    ],
  ],
  M: [
    [
      [0, 6],
      [0, 0],
      [2, 3],
      [4, 0],
      [4, 6],
    ],
  ],
  N: [
    [
      [0, 6],
      [0, 0],
      [4, 6],
      [4, 0],
    ],
  ],
  P: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
  ],
  R: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
    [
      [2, 3],
      [4, 6],
    ],
  ],
  T: [
    [
      [0, 0],
      [4, 0],
    ],
    [
      [2, 0],
      [2, 6],
    ],
  ],
  U: [
    [
      [0, 0],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [1, 6],
      [2, 2.5],
      [3, 6],
      [4, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [4, 6],
    ],
    [
      [4, 0],
      [0, 6],
    ],
  ],
};

export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join("");
/** The skeletons are no secret (this file is public); the tests use them to play the attacker. */
export const CAPTCHA_GLYPHS: Readonly<Record<string, readonly Stroke[]>> = GLYPHS;
export const CAPTCHA_IMAGE_WIDTH = 230;
export const CAPTCHA_IMAGE_HEIGHT = 76;

/** A uniform random number in [min, max) from the CSPRNG (an attacker must not predict the layout). */
function uniform(min: number, max: number): number {
  return min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
}

const INKS = ["#1f1630", "#2d1b4e", "#3b2450", "#22304a"];

function strokePath(stroke: readonly Point[], rounded: boolean): string {
  const pts = stroke.map(([x, y]): Point => [x + uniform(-0.22, 0.22), y + uniform(-0.22, 0.22)]);
  const fmt = ([x, y]: Point) => `${(x * GRID).toFixed(1)} ${(y * GRID).toFixed(1)}`;
  if (!rounded || pts.length < 3) return `M${pts.map(fmt).join(" L")}`;
  // Rounded style: corners become curves through the midpoints of the segments.
  let d = `M${fmt(pts[0]!)}`;
  for (let i = 1; i < pts.length - 1; i++) {
    const [cx, cy] = pts[i]!;
    const [nx, ny] = pts[i + 1]!;
    d += ` Q${fmt([cx, cy])} ${fmt(i === pts.length - 2 ? [nx, ny] : [(cx + nx) / 2, (cy + ny) / 2])}`;
  }
  return d;
}

/** Glyphs that keep their identity when their corners are rounded (a rounded 4 reads as 9, a rounded A as n). */
const ROUNDABLE = new Set("235689CPRUW");

function glyphSvg(char: string, x: number, ink: string): string {
  const strokes = GLYPHS[char] ?? [];
  const rounded = ROUNDABLE.has(char) && randomInt(0, 2) === 1;
  const d = strokes.map((stroke) => strokePath(stroke, rounded)).join(" ");
  const sx = uniform(0.8, 1.15);
  const sy = uniform(0.85, 1.1);
  const y = uniform(8, 16);
  const transform = `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${uniform(-16, 16).toFixed(1)} 15 22) skewX(${uniform(-14, 14).toFixed(1)}) scale(${sx.toFixed(2)} ${sy.toFixed(2)})`;
  const width = uniform(3, 4.6).toFixed(1);
  return `<path transform="${transform}" d="${d}" fill="none" stroke="${ink}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="${rounded ? "round" : "miter"}"/>`;
}

function curve(ink: string, width: number): string {
  const W = CAPTCHA_IMAGE_WIDTH;
  const H = CAPTCHA_IMAGE_HEIGHT;
  const p = () => `${randomInt(0, W)} ${randomInt(0, H)}`;
  return `<path d="M${randomInt(-10, 20)} ${randomInt(10, H - 10)} C${p()} ${p()} ${randomInt(W - 20, W + 10)} ${randomInt(10, H - 10)}" fill="none" stroke="${ink}" stroke-width="${width.toFixed(1)}" stroke-linecap="round"/>`;
}

function drawingSvg(code: string): string {
  const W = CAPTCHA_IMAGE_WIDTH;
  const H = CAPTCHA_IMAGE_HEIGHT;
  const parts: string[] = [];
  // Background: two soft blotches so a simple threshold does not isolate the ink.
  for (let i = 0; i < 6; i++) {
    parts.push(
      `<ellipse cx="${randomInt(0, W)}" cy="${randomInt(0, H)}" rx="${randomInt(20, 60)}" ry="${randomInt(10, 30)}" fill="#${randomInt(0xc8, 0xe8).toString(16)}${randomInt(0xb8, 0xe0).toString(16)}${randomInt(0xd8, 0xf4).toString(16)}" opacity="0.6"/>`,
    );
  }
  for (let i = 0; i < 4; i++) parts.push(curve("#7a6a96", uniform(0.8, 1.6)));
  // Characters crowd each other (the step is narrower than a glyph), which defeats segmenting by gaps.
  let x = uniform(10, 20);
  const ink = INKS[randomInt(0, INKS.length)]!;
  for (const char of code) {
    parts.push(glyphSvg(char, x, ink));
    x += uniform(35, 40);
  }
  // Strokes in the glyphs' own ink and width cross the code.
  parts.push(curve(ink, uniform(2.2, 3.2)));
  parts.push(curve(ink, uniform(1.4, 2.2)));
  for (let i = 0; i < 50; i++) {
    parts.push(`<circle cx="${randomInt(0, W)}" cy="${randomInt(0, H)}" r="${uniform(0.6, 1.8).toFixed(1)}" fill="${ink}" opacity="0.7"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="100%" height="100%" fill="#f4eefb"/>${parts.join("")}</svg>`;
}

/** Bends the picture along two random sine waves (each pixel fetched from a displaced source). */
function warp(pixels: Buffer, width: number, height: number, channels: number): Buffer {
  const out = Buffer.alloc(pixels.length);
  const ax = uniform(2, 4);
  const ay = uniform(2.5, 4.5);
  const fx = uniform(0.03, 0.07);
  const fy = uniform(0.02, 0.05);
  const px = uniform(0, Math.PI * 2);
  const py = uniform(0, Math.PI * 2);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = Math.round(x + ax * Math.sin(y * fx * 2 + px));
      const sy = Math.round(y + ay * Math.sin(x * fy * 2 + py));
      const target = (y * width + x) * channels;
      if (sx < 0 || sy < 0 || sx >= width || sy >= height) {
        out.fill(0xf0, target, target + channels);
        continue;
      }
      pixels.copy(out, target, (sy * width + sx) * channels, (sy * width + sx + 1) * channels);
    }
  }
  // Salt: scattered pixels of random darkness.
  for (let i = 0; i < (width * height) / 20; i++) {
    const at = randomInt(0, width * height) * channels;
    const value = randomInt(0, 256);
    for (let c = 0; c < Math.min(channels, 3); c++) out[at + c] = value;
  }
  return out;
}

/** A PNG of `code`, drawn afresh with new randomness on every call. */
export async function renderCaptchaPng(code: string): Promise<Buffer> {
  const { data, info } = await sharp(Buffer.from(drawingSvg(code)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const bent = warp(data, info.width, info.height, info.channels);
  return sharp(bent, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .blur(0.5)
    .png({ palette: true, colours: 32, compressionLevel: 9 })
    .toBuffer();
}
