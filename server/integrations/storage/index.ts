import type { AppConfig } from "../../config";
import { createLocalMediaStorage } from "./local";
import type { MediaStorage } from "./storage";

export type { MediaStorage } from "./storage";

/** The configured media storage: the local disk under MEDIA_DIR until an S3 backend is configured. */
export function createMediaStorage(config: Pick<AppConfig, "mediaDir">): MediaStorage {
  return createLocalMediaStorage(config.mediaDir);
}
