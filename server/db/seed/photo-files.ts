/**
 * The demo photos in storage (ADR 018). The pool is rendered once per seed and
 * its variants stored under content-addressed keys (seed-pool/…); every demo
 * row that shows a pool image points at those same files, so a 100k-profile
 * seed writes 24 photos' files, not one set per row (media rows may share a
 * storage_key: their files are deleted when no row uses them). The fixed demo
 * accounts get their own portrait under their own key.
 *
 * Rendering the variants costs ~0.17 s of CPU per photo (AVIF and WebP
 * encoders), about 5 s for the 29 photos of a seed; the photos are
 * deterministic, so rendered variants are kept in a cache directory keyed by
 * the SVG and the encoder settings, and later seeds (resets, tests, every
 * e2e start) only copy them (docs/performance.md).
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MediaStorage } from "../../integrations/storage/index";
import { RENDER_SETTINGS, renderVariants, variantStorageKey, type RenderedImage } from "../../modules/media/index";
import { MEDIA_VARIANT_FORMATS, MEDIA_VARIANT_MIME, variantFileName } from "../../contract/media";
import type { PersonPlan } from "./people";
import { POOL_MOTIFS, poolImageSvg, portraitSvg, type PhotoMotif } from "./photos";
import type { SeedPhotoSource, StoredPhoto } from "./stored-photo";

type Photo = PersonPlan["photos"][number];

/**
 * A demo photo rendered into its stored variants (ADR 018: AVIF, WebP, JPEG at
 * each width up to the photo's own), exactly as an upload would be stored.
 * The SVG is rasterised once at full size and every variant is made from it.
 */
async function renderPhoto(svg: string): Promise<RenderedImage> {
  return await renderVariants(Buffer.from(svg));
}

/** Where rendered demo photos are kept between seeds; SEED_PHOTO_CACHE overrides, "off" disables. */
function cacheDir(): string | null {
  const setting = process.env.SEED_PHOTO_CACHE;
  if (setting === "off") return null;
  return setting || join(tmpdir(), "velora-seed-photos");
}

async function readCached(dir: string): Promise<RenderedImage | null> {
  try {
    const meta = JSON.parse(await readFile(join(dir, "meta.json"), "utf8")) as Pick<RenderedImage, "width" | "height" | "widths">;
    const variants = await Promise.all(
      meta.widths.flatMap((width) =>
        MEDIA_VARIANT_FORMATS.map(async (format) => ({ width, format, data: await readFile(join(dir, variantFileName(width, format))) })),
      ),
    );
    return { ...meta, variants };
  } catch {
    return null; // not cached yet (or half written by a crash: rendered again)
  }
}

async function writeCached(dir: string, image: RenderedImage): Promise<void> {
  // Beside, then renamed into place: a reader sees the whole set or none.
  const temp = `${dir}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await mkdir(temp, { recursive: true });
  await Promise.all(image.variants.map((v) => writeFile(join(temp, variantFileName(v.width, v.format)), v.data)));
  await writeFile(join(temp, "meta.json"), JSON.stringify({ width: image.width, height: image.height, widths: image.widths }));
  await rename(temp, dir).catch(() => undefined); // another seed was first: its copy is the same
}

/** Renders an SVG's variants, or takes them from the cache (same SVG, same settings, same bytes). */
async function renderCached(svg: string): Promise<RenderedImage> {
  const root = cacheDir();
  if (!root) return await renderPhoto(svg);
  const digest = createHash("sha256").update(RENDER_SETTINGS).update("\0").update(svg).digest("hex");
  const dir = join(root, digest);
  const cached = await readCached(dir);
  if (cached) return cached;
  const image = await renderPhoto(svg);
  await mkdir(root, { recursive: true });
  await writeCached(dir, image).catch(() => undefined); // a cache that cannot be written only costs time
  return image;
}

async function store(storage: MediaStorage, storageKey: string, image: RenderedImage): Promise<StoredPhoto> {
  let bytes = 0;
  await Promise.all(
    image.variants.map(async (variant) => {
      bytes += variant.data.byteLength;
      await storage.put(variantStorageKey(storageKey, variant.width, variant.format), variant.data, {
        contentType: MEDIA_VARIANT_MIME[variant.format],
      });
    }),
  );
  return { storageKey, image, bytes };
}

async function portrait(storage: MediaStorage, seed: string, person: PersonPlan, motif: PhotoMotif, storageKey: string) {
  const stored = await store(storage, storageKey, await renderCached(portraitSvg(seed, person.profile.displayName, motif)));
  return [person.username, stored] as const;
}

export class SeedPhotos implements SeedPhotoSource {
  private constructor(
    private readonly pool: readonly StoredPhoto[],
    private readonly portraits: ReadonlyMap<string, StoredPhoto>,
  ) {}

  /** Renders and stores the pool and the portraits of `demo` (all at once: libuv's threads share the work). */
  static async create(storage: MediaStorage, seed: string, demo: readonly PersonPlan[]): Promise<SeedPhotos> {
    const pool = Promise.all(
      POOL_MOTIFS.map(async (_, index) => {
        const svg = poolImageSvg(seed, index);
        const digest = createHash("sha256").update(svg).digest("hex").slice(0, 16);
        return await store(storage, `seed-pool/pool-${String(index).padStart(2, "0")}-${digest}`, await renderCached(svg));
      }),
    );
    const portraits = Promise.all(
      demo.flatMap((person) =>
        person.photos.flatMap((photo) =>
          "portrait" in photo.source && photo.storageKey ? [portrait(storage, seed, person, photo.source.portrait, photo.storageKey)] : [],
        ),
      ),
    );
    return new SeedPhotos(await pool, new Map(await portraits));
  }

  get renderedCount(): number {
    return this.pool.length + this.portraits.size;
  }

  of(person: PersonPlan, photo: Photo): StoredPhoto {
    const stored = "pool" in photo.source ? this.pool[photo.source.pool] : this.portraits.get(person.username);
    if (!stored) throw new Error(`no photo for ${person.username} #${photo.position}`);
    return stored;
  }
}
