/**
 * What every MediaStorage adapter must do (server/integrations/storage/storage.ts),
 * as a suite an adapter's test runs against its own backend: the local disk
 * (tests/server/integrations/local-storage.test.ts) and an S3-compatible bucket
 * served by s3rver on 127.0.0.1 (tests/server/integrations/s3-storage.test.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { MediaStorage } from "#server/integrations/storage/storage";

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return await new Response(stream).text();
}

export function describeMediaStorage(name: string, storageOf: () => MediaStorage): void {
  describe(`${name}: the MediaStorage contract`, () => {
    it("stores, reads, replaces and deletes an object by key; a missing object is null, deleting it is fine", async () => {
      const storage = storageOf();
      expect(await storage.read("media/ab/one/160.jpg")).toBeNull();
      expect(await storage.open("media/ab/one/160.jpg")).toBeNull();
      expect(await storage.exists("media/ab/one/160.jpg")).toBe(false);
      await storage.put("media/ab/one/160.jpg", Buffer.from("first"), { contentType: "image/jpeg" });
      expect(await storage.exists("media/ab/one/160.jpg")).toBe(true);
      await storage.put("media/ab/one/160.jpg", Buffer.from("second"), { contentType: "image/jpeg" });
      expect((await storage.read("media/ab/one/160.jpg"))?.toString()).toBe("second");
      await storage.delete("media/ab/one/160.jpg");
      expect(await storage.exists("media/ab/one/160.jpg")).toBe(false);
      await storage.delete("media/ab/one/160.jpg");
    });

    it("opens an object as a stream with its size up front", async () => {
      const storage = storageOf();
      const bytes = Buffer.alloc(300_000, 7);
      await storage.put("media/cd/two/1080.avif", bytes, { contentType: "image/avif" });
      const object = await storage.open("media/cd/two/1080.avif");
      expect(object?.size).toBe(bytes.byteLength);
      const read = Buffer.from(await new Response(object!.body).arrayBuffer());
      expect(read.equals(bytes)).toBe(true);
      // A stream given up half way leaves nothing locked: the object can be opened and deleted.
      const again = await storage.open("media/cd/two/1080.avif");
      await again!.body.cancel();
      await storage.delete("media/cd/two/1080.avif");
      expect(await storage.open("media/cd/two/1080.avif")).toBeNull();
    });

    it("opens byte ranges (video players seek with them), clamped to the object", async () => {
      const storage = storageOf();
      const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
      await storage.put("media/ef/range.mp4", bytes);
      const middle = await storage.open("media/ef/range.mp4", { start: 100, end: 199 });
      expect({ size: middle?.size, totalSize: middle?.totalSize }).toEqual({ size: 100, totalSize: 1000 });
      expect(Buffer.from(await new Response(middle!.body).arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
      const tail = await storage.open("media/ef/range.mp4", { start: 990, end: 5000 });
      expect(tail?.size).toBe(10);
      expect(Buffer.from(await new Response(tail!.body).arrayBuffer()).equals(bytes.subarray(990))).toBe(true);
      const whole = await storage.open("media/ef/range.mp4");
      expect({ size: whole?.size, totalSize: whole?.totalSize }).toEqual({ size: 1000, totalSize: 1000 });
      await whole!.body.cancel();
      expect(await storage.open("media/ef/missing.mp4", { start: 0, end: 9 })).toBeNull();
      // A range starting past the end: nothing to read, the size known, so the caller answers 416 (not a failure).
      const past = await storage.open("media/ef/range.mp4", { start: 1000, end: Number.MAX_SAFE_INTEGER });
      expect({ size: past?.size, totalSize: past?.totalSize }).toEqual({ size: 0, totalSize: 1000 });
      await past!.body.cancel();
    });

    it("stores a file from disk (videos) without a partial object", async () => {
      const storage = storageOf();
      const dir = mkdtempSync(join(tmpdir(), "velora-putfile-"));
      try {
        const bytes = Buffer.alloc(3_000_000, 9);
        writeFileSync(join(dir, "source.mp4"), bytes);
        await storage.putFile("videos/ab/source", join(dir, "source.mp4"), { contentType: "video/mp4" });
        expect((await storage.read("videos/ab/source"))?.equals(bytes)).toBe(true);
        await expect(storage.putFile("videos/ab/other", join(dir, "missing.mp4"))).rejects.toThrow();
        expect(await storage.exists("videos/ab/other")).toBe(false);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it("copies to an independent key, replacing an existing target", async () => {
      const storage = storageOf();
      await storage.put("pool/a.jpg", Buffer.from("pool"));
      await storage.put("media/x.jpg", Buffer.from("old"));
      await storage.copy("pool/a.jpg", "media/x.jpg");
      await storage.copy("pool/a.jpg", "media/y.jpg");
      expect(await text((await storage.open("media/x.jpg"))!.body)).toBe("pool");
      await storage.delete("pool/a.jpg");
      expect((await storage.read("media/y.jpg"))?.toString()).toBe("pool");
      await expect(storage.copy("pool/missing.jpg", "media/z.jpg")).rejects.toThrow();
    });

    it("refuses keys that could leave the storage root", async () => {
      const storage = storageOf();
      for (const key of ["", "/etc/passwd", "../x.jpg", "media/../../x.jpg", "media//x.jpg", ".hidden", "media/x.jpg/"]) {
        await expect(storage.put(key, Buffer.from("x")), key).rejects.toThrow(/invalid storage key/);
        await expect(storage.open(key), key).rejects.toThrow(/invalid storage key/);
      }
    });
  });
}
