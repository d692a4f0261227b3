/**
 * Minimal typings for s3rver (a local S3 protocol server started by tests/helpers/s3rver.ts; the package
 * ships no types). Covers just what the tests use.
 */
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  export interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    configureBuckets?: Array<{ name: string; configs?: unknown[] }>;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Starts listening; resolves with the bound address (port 0 picks a free one). */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
