/**
 * Demo photos rendered at seed time: an SVG (gradient, an abstract silhouette
 * or venue, a caption) turned into the same sized variants an upload gets.
 * No camera, no people, no metadata: sharp writes no EXIF unless asked to
 * (withMetadata), so nothing leaks the way a real upload could.
 */
import { createRandom } from "./random";

export const PHOTO_WIDTH = 600;
export const PHOTO_HEIGHT = 800;

export type PhotoMotif = "single" | "couple" | "venue";

/** The shared pool: people reuse these images (a benchmark seed cannot render 100k photos). */
export const POOL_MOTIFS: readonly PhotoMotif[] = [
  ...Array.from({ length: 12 }, () => "single" as const),
  ...Array.from({ length: 4 }, () => "couple" as const),
  ...Array.from({ length: 8 }, () => "venue" as const),
];

const POOL_INDICES = new Map<PhotoMotif, readonly number[]>(
  (["single", "couple", "venue"] as const).map((motif) => [motif, POOL_MOTIFS.flatMap((m, i) => (m === motif ? [i] : []))]),
);

export function poolIndicesOf(motif: PhotoMotif): readonly number[] {
  return POOL_INDICES.get(motif) ?? [];
}

const PALETTES: readonly (readonly [string, string])[] = [
  ["#3a1c71", "#d76d77"],
  ["#0f2027", "#2c5364"],
  ["#42275a", "#734b6d"],
  ["#141e30", "#243b55"],
  ["#5f2c82", "#49a09d"],
  ["#2b5876", "#4e4376"],
  ["#614385", "#516395"],
  ["#1d2b64", "#c9879a"],
  ["#603813", "#b29f94"],
  ["#16222a", "#3a6073"],
  ["#6a3093", "#a044ff"],
  ["#8e3b46", "#480048"],
];

const FONT = "DejaVu Sans, Helvetica, Arial, sans-serif";

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[ch] ?? ch);
}

function person(cx: number, headY: number, scale: number, longHair: boolean): string {
  const r = 100 * scale;
  const shoulderY = headY + r + 45 * scale;
  const half = 215 * scale;
  const hair = longHair
    ? `<path d="M${cx - r * 1.15} ${headY + r * 1.9} C${cx - r * 1.3} ${headY - r * 0.6} ${cx - r * 0.6} ${headY - r * 1.25} ${cx} ${headY - r * 1.2} C${cx + r * 0.6} ${headY - r * 1.25} ${cx + r * 1.3} ${headY - r * 0.6} ${cx + r * 1.15} ${headY + r * 1.9} Z" fill="#fff" fill-opacity="0.16"/>`
    : "";
  return `${hair}<circle cx="${cx}" cy="${headY}" r="${r}" fill="#fff" fill-opacity="0.32"/>
<path d="M${cx - half} ${PHOTO_HEIGHT} C${cx - half + 15 * scale} ${shoulderY + 90 * scale} ${cx - 95 * scale} ${shoulderY} ${cx} ${shoulderY} C${cx + 95 * scale} ${shoulderY} ${cx + half - 15 * scale} ${shoulderY + 90 * scale} ${cx + half} ${PHOTO_HEIGHT} Z" fill="#fff" fill-opacity="0.28"/>`;
}

function venue(accent: string, variant: number): string {
  const arches = [60, 220, 380]
    .map((x) => `<path d="M${x} 600 V330 A80 80 0 0 1 ${x + 160} 330 V600 Z" fill="#fff" fill-opacity="${0.1 + (variant % 3) * 0.04}"/>`)
    .join("");
  const lamps = [150, 300, 450]
    .map(
      (x, i) =>
        `<line x1="${x}" y1="0" x2="${x}" y2="${150 + ((variant + i) % 3) * 30}" stroke="#fff" stroke-opacity="0.35" stroke-width="2"/>` +
        `<circle cx="${x}" cy="${170 + ((variant + i) % 3) * 30}" r="60" fill="url(#glow)"/>` +
        `<circle cx="${x}" cy="${170 + ((variant + i) % 3) * 30}" r="16" fill="${accent}" fill-opacity="0.9"/>`,
    )
    .join("");
  return `${arches}<rect x="0" y="600" width="${PHOTO_WIDTH}" height="200" fill="#000" fill-opacity="0.35"/>
<rect x="40" y="560" width="520" height="40" rx="8" fill="#fff" fill-opacity="0.22"/>${lamps}`;
}

function bokeh(seed: string): string {
  const rng = createRandom(seed);
  return Array.from({ length: 9 }, () => {
    const r = rng.int(12, 60);
    return `<circle cx="${rng.int(0, PHOTO_WIDTH)}" cy="${rng.int(0, 520)}" r="${r}" fill="#fff" fill-opacity="${rng.float(0.04, 0.12).toFixed(3)}"/>`;
  }).join("");
}

function frame(palette: readonly [string, string], body: string, caption: string, angle: number): string {
  const [from, to] = palette;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" viewBox="0 0 ${PHOTO_WIDTH} ${PHOTO_HEIGHT}">
<defs>
<linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fill="url(#bg)"/>
${body}
<rect x="0" y="${PHOTO_HEIGHT - 110}" width="${PHOTO_WIDTH}" height="110" fill="#000" fill-opacity="0.28"/>
<text x="${PHOTO_WIDTH / 2}" y="${PHOTO_HEIGHT - 45}" font-family="${FONT}" font-size="38" fill="#fff" text-anchor="middle">${escapeXml(caption)}</text>
</svg>`;
}

function motifBody(motif: PhotoMotif, seed: string, variant: number, accent: string): string {
  if (motif === "venue") return venue(accent, variant);
  if (motif === "couple") return `${bokeh(seed)}${person(210, 300, 0.8, variant % 2 === 0)}${person(400, 285, 0.85, variant % 3 === 0)}`;
  return `${bokeh(seed)}${person(300, 290, 1, variant % 2 === 0)}`;
}

/** A pool image: abstract, labelled as a demo photo (it stands in for many people). */
export function poolImageSvg(seed: string, index: number): string {
  const motif = POOL_MOTIFS[index];
  if (!motif) throw new Error(`no pool image ${index}`);
  const palette = PALETTES[index % PALETTES.length] as readonly [string, string];
  const body = motifBody(motif, `${seed}:pool:${index}`, index, palette[1]);
  return frame(palette, body, "Demo-Foto", 35 + ((index * 37) % 90));
}

function initialsOf(displayName: string): string {
  const letters = displayName
    .split(/[\s&]+/)
    .filter(Boolean)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? "")
    .join("");
  return letters.slice(0, 2) || "?";
}

/** A personal portrait for a fixed demo account: initials and the display name. */
export function portraitSvg(seed: string, displayName: string, motif: PhotoMotif): string {
  const rng = createRandom(`${seed}:portrait:${displayName}`);
  const palette = rng.pick(PALETTES);
  const body = motifBody(motif, `${seed}:portrait:${displayName}`, rng.int(0, 5), palette[1]);
  const monogram = `<circle cx="${PHOTO_WIDTH - 90}" cy="90" r="58" fill="#fff" fill-opacity="0.85"/>
<text x="${PHOTO_WIDTH - 90}" y="108" font-family="${FONT}" font-size="50" font-weight="bold" fill="${palette[0]}" text-anchor="middle">${escapeXml(initialsOf(displayName))}</text>`;
  const caption = Array.from(displayName).length > 24 ? `${Array.from(displayName).slice(0, 23).join("")}…` : displayName;
  return frame(palette, `${body}${monogram}`, caption, rng.int(20, 160));
}
