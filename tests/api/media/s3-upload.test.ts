/**
 * With STORAGE=s3 (ADR 027) an upload through the media API lands in the
 * bucket, nothing on the local disk, and the file is still served through the
 * app's media gate with its visibility checks (ADR 017), not by a bucket URL.
 */
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StorageConfig } from "#server/config";
import { mediaVariantUrl, type MediaItem } from "#server/contract/media";
import { s3ClientConfig } from "#server/integrations/storage/s3";
import { freshIp } from "../../helpers/auth";
import { jpeg } from "../../helpers/images";
import { startS3rver, type TestS3 } from "../../helpers/s3rver";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

describe(`media upload into S3 (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let s3: TestS3;
  let dir: string;
  let client: S3Client;
  beforeAll(async () => {
    s3 = await startS3rver();
    client = new S3Client(s3ClientConfig(s3.config));
    rt = await createTestRuntime();
    dir = mkdtempSync(join(tmpdir(), "velora-media-s3-"));
    const config = rt.deps.config as { mediaDir: string; uploadTmpDir: string; storage: StorageConfig };
    config.mediaDir = join(dir, "media");
    config.uploadTmpDir = join(dir, "upload-tmp");
    config.storage = { kind: "s3", ...s3.config, prefix: "app/" };
  });
  afterAll(async () => {
    await rt?.close();
    client?.destroy();
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("stores every variant as an object in the bucket and serves it through the gate", async () => {
    const user = await createUser(rt, { userType: 2 });
    const { body } = await login(rt, user.username, user.password, freshIp());
    const token = String(body.access_token);
    const form = new FormData();
    form.append("files", new Blob([new Uint8Array(await jpeg(700, 500))], { type: "image/jpeg" }), "a.jpg");
    form.append("visibility", "logged_in");
    const response = await rt.request("/api/v2/media/upload", { method: "POST", token, body: form });
    expect(response.status).toBe(201);
    const item = ((await response.json()) as { data: MediaItem[] }).data[0]!;

    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket, Prefix: "app/media/" }));
    const keys = (listed.Contents ?? []).map((object) => object.Key!);
    // 160, 320, 640 and its own 700 px, each as AVIF, WebP and JPEG.
    expect(keys).toHaveLength(12);
    for (const key of keys) expect(key).toMatch(/^app\/media\/[0-9a-f]{2}\/[0-9a-f]{32}\/(160|320|640|700)\.(avif|webp|jpg)$/);
    expect(existsSync(join(dir, "media"))).toBe(false);

    const url = `/api/v2${mediaVariantUrl(item.image, 320, "webp")}`;
    const served = await rt.request(url, { token });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(8, 12).toString("ascii")).toBe("WEBP");
    expect(served.headers.get("content-length")).toBe(String(bytes.byteLength));
    // logged_in: a guest is refused by the gate although the object exists in the bucket.
    expect((await rt.request(url)).status).toBe(404);
  });
});
