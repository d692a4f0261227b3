// The buyer's watermarked copy of a paid photo (ADR 098): server time per delivered file when it is rendered on every
// request (read the stored variant, draw the name, encode — before) against the kept copy (one row looked up, the
// copy read from the storage port — after). Local storage in a temporary directory, SQLite in memory:
//   node scripts/bench-buyer-copies.mjs [--requests 40] [--width 1280] [--format jpeg]
// Prints a Markdown row per path: mean, p95 and requests per second on one core.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { register } from "tsx/esm/api";

register();
const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "40" },
    width: { type: "string", default: "1280" },
    format: { type: "string", default: "jpeg" },
  },
});
const requests = Number(values.requests);
const width = Number(values.width);
const format = values.format;
const ext = format === "jpeg" ? "jpg" : format;

const { default: sharp } = await import("sharp");
const { default: SQLite } = await import("better-sqlite3");
const { Kysely, SqliteDialect } = await import("kysely");
const { createLocalMediaStorage } = await import("../server/integrations/storage/local.ts");
const { buyerWatermarked } = await import("../server/modules/media/paid-delivery.ts");
const { buyerCopy } = await import("../server/modules/media/buyer-copies.ts");
const { up } = await import("../server/modules/media/migrations/0087_media_buyer_copies.ts");

const dir = mkdtempSync(join(tmpdir(), "bench-buyer-copies-"));
try {
  const storage = createLocalMediaStorage(dir);
  const db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(":memory:") }) });
  await up("sqlite")(db);
  const height = Math.round((width * 3) / 4);
  // A photo-like variant: noise compresses like detail, unlike a flat colour.
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const variant = await sharp(noise, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
  const storageKey = "bench/medium";
  const sourceKey = `${storageKey}/${width}.${ext}`;
  await storage.put(sourceKey, variant);
  const deps = { db, clock: { now: () => Date.now() } };
  const run = (task) => task();
  const request = {
    medium: { id: 1, storage_key: storageKey },
    sourceKey,
    variant: `${width}.${ext}`,
    format,
    buyer: { id: 7, username: "bench_buyer" },
  };

  async function measure(label, once) {
    await once(); // warm-up (and, for the kept copy, its first rendering)
    const times = [];
    for (let i = 0; i < requests; i++) {
      const t = performance.now();
      await once();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)];
    console.info(`| ${label} | ${width} px ${format} | ${mean.toFixed(1)} ms | ${p95.toFixed(1)} ms | ${Math.round(1000 / mean)} |`);
  }
  console.info("| path | variant | mean | p95 | files/s (one core) |");
  console.info("|---|---|---|---|---|");
  await measure("rendered per request (before)", async () => buyerWatermarked(await storage.read(sourceKey), format, "bench_buyer"));
  await measure("kept copy (after)", () => buyerCopy(deps, storage, request, run));
  await db.destroy();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
