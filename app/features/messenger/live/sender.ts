/**
 * Optimistic sending for the live conversation (issue 12 item 2): a send shows at once with its status —
 * `preparing` while photos go up and are prepared by the server, `sending` for text alone, `success` once stored,
 * `fail` with the reason and a retry button. A send that failed for a reason that may pass (network, a server
 * fault) is retried automatically up to SEND_RETRIES times with a growing, jittered delay; a refusal by the
 * contact rules is not (it would only be refused again).
 *
 * An answer can be lost after the message was stored. Every try of one message carries the same client key (ADR
 * 048): the API stores it with the message, unique per sender, and answers a retry whose key it holds with the
 * stored message instead of a second copy. So a retry is simply the same post again.
 *
 * Framework-free (tests drive it with a fake post and fake timers); the files stay here, not in the store.
 */
import type { IncomingMessage, RealtimeStore } from "~/features/realtime";
import type { LiveWireMessage } from "./wire";

/** Automatic retries after the first try (issue 12: "automatic retry up to 5 times"). */
export const SEND_RETRIES = 5;
export const SEND_RETRY_BASE_MS = 1_000;
/** The key shown when the network or the server failed (the rules' refusals bring their own). */
export const SEND_NETWORK_ERROR = "messenger.live.send_failed";

export type PostOutcome = { ok: true; message: LiveWireMessage } | { ok: false; error: string; retry: boolean };

export interface SenderTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SenderOptions {
  store: RealtimeStore<LiveWireMessage>;
  /** The conversation's key in the store (the other member's username). */
  thread: string;
  me: number;
  /** Posts one try; `clientKey` is the same for every try of one message (the API's idempotency key). */
  post(text: string, files: readonly File[], clientKey: string): Promise<PostOutcome>;
  toIncoming(message: LiveWireMessage): IncomingMessage<LiveWireMessage>;
  timers?: SenderTimers;
  random?: () => number;
  now?: () => number;
  newKey?: () => string;
}

export interface Sender {
  send(text: string, files: readonly File[]): string;
  retry(clientKey: string): void;
  discard(clientKey: string): void;
  stop(): void;
}

interface Job {
  key: string;
  text: string;
  files: readonly File[];
  /** Retries used so far. */
  tries: number;
  timer: unknown;
}

/** The delay before retry n (1-based): 1 s, 2 s, 4 s, 8 s, 16 s, each between half and the whole. */
export function retryDelay(n: number, random: () => number, baseMs = SEND_RETRY_BASE_MS): number {
  const step = baseMs * 2 ** (n - 1);
  return Math.round(step / 2 + random() * (step / 2));
}

let counter = 0;
/** A UUID where the browser has one (secure contexts); else time, a counter and randomness (the API takes 8–64 of A–Z a–z 0–9 _ -). */
const defaultKey = () =>
  globalThis.crypto?.randomUUID?.() ??
  `c${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 10)}${Math.random().toString(36).slice(2, 10)}`;

const browserTimers: SenderTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createSender(options: SenderOptions): Sender {
  const { store, thread, me } = options;
  const timers = options.timers ?? browserTimers;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const newKey = options.newKey ?? defaultKey;
  const jobs = new Map<string, Job>();
  let stopped = false;

  async function attempt(job: Job) {
    if (stopped) return;
    store.getState().setStatus(job.key, job.files.length > 0 ? "preparing" : "sending");
    let outcome: PostOutcome;
    try {
      outcome = await options.post(job.text, job.files, job.key);
    } catch {
      outcome = { ok: false, error: SEND_NETWORK_ERROR, retry: true };
    }
    if (stopped || !jobs.has(job.key)) return;
    if (outcome.ok) {
      jobs.delete(job.key);
      store.getState().confirm(job.key, options.toIncoming(outcome.message));
      return;
    }
    if (!outcome.retry || job.tries >= SEND_RETRIES) {
      store.getState().setStatus(job.key, "fail", outcome.error);
      return;
    }
    job.tries += 1;
    // The same key again: an earlier try stored although its answer was lost is answered, not stored twice.
    job.timer = timers.setTimeout(
      () => {
        job.timer = null;
        void attempt(job);
      },
      retryDelay(job.tries, random),
    );
  }

  return {
    send(text, files) {
      const key = newKey();
      const job: Job = { key, text, files: [...files], tries: 0, timer: null };
      jobs.set(key, job);
      store.getState().addPending({ clientKey: key, thread, senderId: me, text: text.trim(), sentAt: now(), preparing: files.length > 0 });
      void attempt(job);
      return key;
    },
    retry(clientKey) {
      const job = jobs.get(clientKey);
      if (!job || job.timer !== null) return;
      job.tries = 0;
      void attempt(job);
    },
    discard(clientKey) {
      const job = jobs.get(clientKey);
      if (job?.timer) timers.clearTimeout(job.timer);
      jobs.delete(clientKey);
      store.getState().discard(clientKey);
    },
    stop() {
      stopped = true;
      for (const job of jobs.values()) if (job.timer) timers.clearTimeout(job.timer);
    },
  };
}
