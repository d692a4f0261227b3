/**
 * Media storage in an S3-compatible bucket (the scale-out adapter, ADR 027):
 * every instance behind a load balancer reads and writes the same objects.
 * Objects stay private; the app serves them through the media gate with its
 * visibility checks (ADR 017), streaming GetObject's body to the browser.
 */
import type * as SdkModule from "@aws-sdk/client-s3";
import type { S3Client, S3ClientConfig } from "@aws-sdk/client-s3";
import type { S3StorageConfig } from "../../config";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { assertStorageKey, type ByteRange, type MediaStorage, type StoredObject } from "./storage";

type Sdk = typeof SdkModule;
let sdkLoaded: Promise<Sdk> | undefined;
/** Loaded on first use: the SDK costs ~160 ms and ~23 MB at start, which a local-disk install never needs. */
const loadSdk = () => (sdkLoaded ??= import("@aws-sdk/client-s3"));

/** GetObject/HeadObject on a missing key: NoSuchKey (GET), NotFound (HEAD, no body), or a bare 404. */
function isMissing(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === "NoSuchKey" || err.name === "NotFound") return true;
  const meta = (err as { $metadata?: { httpStatusCode?: number } }).$metadata;
  return meta?.httpStatusCode === 404;
}

export function s3ClientConfig(config: S3StorageConfig): S3ClientConfig {
  return {
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined, // the SDK's default chain: instance roles, AWS_* variables, profiles
    // SDK ≥ 3.729 adds a CRC32 checksum to every upload by default (an aws-chunked trailer for streamed
    // bodies, a signed header in presigned URLs) and expects them back, which broke uploads to several
    // S3-compatible stores. Only when an operation requires one (s3rver passes either way).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  };
}

export class S3MediaStorage implements MediaStorage {
  private ready: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  readonly bucket: string;
  /** Prepended to every key ("" or "velora/"), so one bucket can hold several installations. */
  readonly prefix: string;

  constructor(private readonly config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.prefix = config.prefix;
  }

  private s3(): Promise<{ sdk: Sdk; client: S3Client }> {
    return (this.ready ??= loadSdk().then((sdk) => ({ sdk, client: new sdk.S3Client(s3ClientConfig(this.config)) })));
  }

  /** Closes the client's kept-alive connections (tests; a process that stops). */
  async destroy(): Promise<void> {
    if (this.ready) (await this.ready).client.destroy();
  }

  private objectKey(key: string): string {
    assertStorageKey(key);
    return this.prefix + key;
  }

  /** A single PutObject: S3 makes an object visible only once all its bytes arrived, never partially. */
  async put(key: string, data: Uint8Array, options?: { contentType?: string }): Promise<void> {
    const objectKey = this.objectKey(key);
    const { sdk, client } = await this.s3();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: objectKey,
        Body: data,
        ContentLength: data.byteLength,
        ContentType: options?.contentType ?? "application/octet-stream",
      }),
    );
  }

  /** A single PutObject streamed from the file (up to 5 GB, far above any upload limit). */
  async putFile(key: string, path: string, options?: { contentType?: string }): Promise<void> {
    const objectKey = this.objectKey(key);
    const { sdk, client } = await this.s3();
    const { size } = await stat(path);
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: objectKey,
        Body: createReadStream(path),
        ContentLength: size,
        ContentType: options?.contentType ?? "application/octet-stream",
      }),
    );
  }

  async read(key: string): Promise<Buffer | null> {
    const object = await this.open(key);
    if (!object) return null;
    return Buffer.from(await new Response(object.body).arrayBuffer());
  }

  async open(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const objectKey = this.objectKey(key);
    const { sdk, client } = await this.s3();
    let answer;
    try {
      answer = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.bucket, Key: objectKey, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
    } catch (err) {
      if (isMissing(err)) return null;
      // A range starting past the end (416 InvalidRange): an empty body with the object's size, as the local disk
      // answers, so the caller refuses it with 416 instead of failing.
      if (range && err instanceof Error && err.name === "InvalidRange") {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: objectKey })).catch((e: unknown) => {
          if (isMissing(e)) return null;
          throw e;
        });
        return head ? { body: new Blob([]).stream(), size: 0, totalSize: head.ContentLength ?? 0 } : null;
      }
      throw err;
    }
    if (!answer.Body) throw new Error(`S3 GetObject returned no body for ${key}`);
    // The response socket's stream as a web stream: bytes flow to the browser as they arrive, and a
    // cancelled stream destroys the socket instead of reading the rest.
    const size = answer.ContentLength ?? 0;
    // "bytes 0-99/1234" on a ranged answer; the whole object's size otherwise.
    const totalSize = Number(/\/(\d+)$/.exec(answer.ContentRange ?? "")?.[1] ?? size);
    return { body: answer.Body.transformToWebStream(), size, totalSize };
  }

  async exists(key: string): Promise<boolean> {
    const objectKey = this.objectKey(key);
    const { sdk, client } = await this.s3();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  /** CopyObject: the bucket copies server side, no bytes pass through the process. */
  async copy(fromKey: string, toKey: string): Promise<void> {
    const source = this.objectKey(fromKey).split("/").map(encodeURIComponent).join("/");
    const objectKey = this.objectKey(toKey);
    const { sdk, client } = await this.s3();
    await client.send(new sdk.CopyObjectCommand({ Bucket: this.bucket, Key: objectKey, CopySource: `${this.bucket}/${source}` }));
  }

  /** DeleteObject answers 204 for a missing key too. */
  async delete(key: string): Promise<void> {
    const objectKey = this.objectKey(key);
    const { sdk, client } = await this.s3();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: objectKey }));
  }
}

export function createS3MediaStorage(config: S3StorageConfig): S3MediaStorage {
  return new S3MediaStorage(config);
}
