import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLocalMediaStorage, type LocalMediaStorage } from "#server/integrations/storage/local";
import { describeMediaStorage } from "../../helpers/storage-contract";

let root: string;
let storage: LocalMediaStorage;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "velora-storage-"));
  storage = createLocalMediaStorage(root);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describeMediaStorage("local disk", () => storage);

describe("local media storage", () => {
  it("leaves no temp files behind and keeps keys inside the root", async () => {
    await storage.put("media/ab/one.jpg", Buffer.from("first"));
    await storage.put("media/ab/one.jpg", Buffer.from("second"));
    await storage.copy("media/ab/one.jpg", "media/ab/two.jpg");
    expect((await readdir(join(root, "media/ab"))).sort()).toEqual(["one.jpg", "two.jpg"]);
    expect(storage.pathOf("media/ab/one.jpg")).toBe(join(root, "media/ab/one.jpg"));
    expect(() => storage.pathOf("../x.jpg")).toThrow(/invalid storage key/);
  });
});
