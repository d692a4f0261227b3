import type { AppConfig } from "../../config";
import { createLocalMediaStorage } from "./local";
import { createS3MediaStorage } from "./s3";
import type { MediaStorage } from "./storage";

export type { MediaStorage } from "./storage";

/** The configured media storage: the local disk under MEDIA_DIR, or an S3-compatible bucket when STORAGE=s3 (ADR 027). */
export function createMediaStorage(config: Pick<AppConfig, "mediaDir" | "storage">): MediaStorage {
  return config.storage.kind === "s3" ? createS3MediaStorage(config.storage) : createLocalMediaStorage(config.mediaDir);
}
