/**
 * The S3-compatible adapter (ADR 027) against a real S3 protocol server the
 * test starts itself (s3rver on 127.0.0.1): the same MediaStorage contract as
 * the local disk, plus what is S3's own (prefix, server-side copy, config).
 */
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, storageConfigFrom } from "#server/config";
import { createMediaStorage } from "#server/integrations/storage/index";
import { createS3MediaStorage, s3ClientConfig, S3MediaStorage } from "#server/integrations/storage/s3";
import { describeMediaStorage } from "../../helpers/storage-contract";
import { startS3rver, type TestS3 } from "../../helpers/s3rver";

let s3: TestS3;
let storage: S3MediaStorage;
beforeAll(async () => {
  s3 = await startS3rver();
  storage = createS3MediaStorage(s3.config);
});
afterAll(async () => {
  await storage?.destroy();
  await s3?.stop();
});

describeMediaStorage("S3 (s3rver)", () => storage);

describe("S3 media storage", () => {
  it("keeps keys under the configured prefix, with their content type", async () => {
    const prefixed = createS3MediaStorage({ ...s3.config, prefix: "site-a/" });
    const client = new S3Client(s3ClientConfig(s3.config));
    try {
      await prefixed.put("media/ab/p.webp", Buffer.from("webp"), { contentType: "image/webp" });
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket, Prefix: "site-a/" }));
      expect(listed.Contents?.map((object) => object.Key)).toEqual(["site-a/media/ab/p.webp"]);
      const raw = await client.send(new GetObjectCommand({ Bucket: s3.config.bucket, Key: "site-a/media/ab/p.webp" }));
      expect(raw.ContentType).toBe("image/webp");
      await raw.Body?.transformToString();
      // The unprefixed adapter does not see it.
      expect(await storage.exists("media/ab/p.webp")).toBe(false);
      expect(await prefixed.exists("media/ab/p.webp")).toBe(true);
    } finally {
      client.destroy();
      await prefixed.destroy();
    }
  });

  it("streams a large object without reading it first: the first bytes arrive before the rest is read", async () => {
    const bytes = Buffer.alloc(4 * 1024 * 1024, 3);
    await storage.put("media/big/1080.jpg", bytes, { contentType: "image/jpeg" });
    const object = await storage.open("media/big/1080.jpg");
    expect(object?.size).toBe(bytes.byteLength);
    const reader = object!.body.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(first.value!.byteLength).toBeLessThan(bytes.byteLength);
    await reader.cancel();
    await storage.delete("media/big/1080.jpg");
  });

  it("is chosen by STORAGE=s3 and refuses an incomplete configuration with every problem named", () => {
    expect(createMediaStorage({ mediaDir: "/nowhere", storage: { kind: "s3", ...s3.config } })).toBeInstanceOf(S3MediaStorage);
    expect(loadConfig({ NODE_ENV: "test" }).storage).toEqual({ kind: "local" });
    expect(
      storageConfigFrom({ STORAGE: "s3", S3_BUCKET: "media", S3_ENDPOINT: "http://127.0.0.1:9000", S3_FORCE_PATH_STYLE: "1" }),
    ).toEqual({
      kind: "s3",
      bucket: "media",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9000",
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: true,
      prefix: "",
    });
    // The process's configuration is read at start: an incomplete S3 setup stops it there.
    expect(() => loadConfig({ NODE_ENV: "test", STORAGE: "s3" })).toThrow(
      /STORAGE=s3 is incomplete: S3_BUCKET is required; S3_REGION is required/,
    );
    expect(() => storageConfigFrom({ STORAGE: "s3", S3_BUCKET: "media", S3_REGION: "eu-central-1", S3_ACCESS_KEY_ID: "a" })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
    expect(() => storageConfigFrom({ STORAGE: "s3", S3_BUCKET: "Media_Bucket", S3_ENDPOINT: "ftp://x" })).toThrow(
      /not a valid bucket name.*S3_ENDPOINT must be an http\(s\) URL/,
    );
    expect(() => storageConfigFrom({ STORAGE: "s3", S3_BUCKET: "media", S3_REGION: "x", S3_PREFIX: "../" })).toThrow(/S3_PREFIX/);
    expect(() => storageConfigFrom({ STORAGE: "gcs" })).toThrow(/STORAGE must be "local" or "s3"/);
  });
});
