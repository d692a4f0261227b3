/**
 * A local S3-compatible server for tests (s3rver, a devDependency): on
 * 127.0.0.1 with a random port, its objects in a fresh temp directory, one
 * bucket created up front. s3rver accepts the access key S3RVER / S3RVER.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import type { S3StorageConfig } from "#server/config";

export interface TestS3 {
  config: S3StorageConfig;
  stop: () => Promise<void>;
}

export async function startS3rver(bucket = "velora-media"): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), "velora-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { address, port } = await server.run();
  return {
    config: {
      bucket,
      region: "us-east-1",
      endpoint: `http://${address}:${port}`,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
      prefix: "",
    },
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
