import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLocalMediaStorage, type LocalMediaStorage } from "#server/integrations/storage/local";

describe("local media storage", () => {
  let root: string;
  let storage: LocalMediaStorage;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "velora-storage-"));
    storage = createLocalMediaStorage(root);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("stores, reads, replaces and deletes an object by key", async () => {
    expect(await storage.read("media/ab/one.jpg")).toBeNull();
    await storage.put("media/ab/one.jpg", Buffer.from("first"));
    expect(await storage.exists("media/ab/one.jpg")).toBe(true);
    await storage.put("media/ab/one.jpg", Buffer.from("second"));
    expect((await storage.read("media/ab/one.jpg"))?.toString()).toBe("second");
    await storage.delete("media/ab/one.jpg");
    expect(await storage.exists("media/ab/one.jpg")).toBe(false);
    await storage.delete("media/ab/one.jpg"); // missing is fine
    expect(await readdir(join(root, "media/ab"))).toEqual([]); // no temp files left behind
  });

  it("copies to an independent key, replacing an existing target", async () => {
    await storage.put("pool/a.jpg", Buffer.from("pool"));
    await storage.put("media/x.jpg", Buffer.from("old"));
    await storage.copy("pool/a.jpg", "media/x.jpg");
    await storage.copy("pool/a.jpg", "media/y.jpg");
    expect((await storage.read("media/x.jpg"))?.toString()).toBe("pool");
    await storage.delete("pool/a.jpg");
    expect((await storage.read("media/y.jpg"))?.toString()).toBe("pool");
    await expect(storage.copy("pool/missing.jpg", "media/z.jpg")).rejects.toThrow();
  });

  it("refuses keys that could leave the storage root", async () => {
    for (const key of ["", "/etc/passwd", "../x.jpg", "media/../../x.jpg", "media//x.jpg", ".hidden", "media/x.jpg/"]) {
      await expect(storage.put(key, Buffer.from("x")), key).rejects.toThrow(/invalid storage key/);
      expect(() => storage.pathOf(key), key).toThrow(/invalid storage key/);
    }
  });
});
