/**
 * The process-wide limit on image work (ADR 018): at most config.imageConcurrency
 * photos are decoded and encoded at once, whoever uploads them; an upload request
 * processes its photos one after the other, each waiting for a slot. When more
 * requests wait than UPLOAD_QUEUE_MAX, new ones are turned away with 503 and
 * Retry-After instead of queueing for minutes.
 */
import pLimit, { type LimitFunction } from "p-limit";
import { ApiError, errorItem } from "../../api/errors";
import type { ApiDeps } from "../../api/types";

/** Photos waiting for a slot before new uploads are refused (each waiting request holds at most one). */
export const UPLOAD_QUEUE_MAX = 16;
export const BUSY_RETRY_AFTER_S = 30;

export interface ImageQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Refuses new work while the queue is full (called before a request reads its body). */
  assertRoom(): void;
  /** For tests and metrics: photos in work now, waiting now, and the most ever in work at once. */
  stats(): { active: number; pending: number; peakActive: number };
}

export function createImageQueue(concurrency: number): ImageQueue {
  const limit: LimitFunction = pLimit(concurrency);
  let peakActive = 0;
  return {
    run(task) {
      return limit(async () => {
        peakActive = Math.max(peakActive, limit.activeCount);
        return await task();
      });
    },
    assertRoom() {
      if (limit.pendingCount >= UPLOAD_QUEUE_MAX) {
        throw new ApiError(503, [errorItem(503, "exception.media.busy")], { retry_after: BUSY_RETRY_AFTER_S });
      }
    },
    stats: () => ({ active: limit.activeCount, pending: limit.pendingCount, peakActive }),
  };
}

const queues = new WeakMap<ApiDeps, ImageQueue>();
/** One queue per API instance: one per process in production, one per test runtime in tests. */
export function imageQueueOf(deps: ApiDeps): ImageQueue {
  let queue = queues.get(deps);
  if (!queue) {
    queue = createImageQueue(deps.config.imageConcurrency);
    queues.set(deps, queue);
  }
  return queue;
}
