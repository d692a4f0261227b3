/**
 * The live module's door to the storage port (local disk under MEDIA_DIR or S3, server/integrations/storage): the
 * recordings' MP4s (ADR 124) and, with LIVE_HLS_STORE=storage, the live HLS viewers read (ADR 130). One per API instance.
 */
import type { ApiDeps } from "../../api/types";
import { createMediaStorage, type MediaStorage } from "../../integrations/storage/index";

const storages = new WeakMap<ApiDeps, MediaStorage>();

export function liveStorageOf(deps: ApiDeps): MediaStorage {
  let storage = storages.get(deps);
  if (!storage) {
    storage = createMediaStorage(deps.config);
    storages.set(deps, storage);
  }
  return storage;
}
