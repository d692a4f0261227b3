/**
 * Optimistic sending for the live conversation (issue 12 item 2): a send shows at once with its status —
 * `preparing` while photos go up and are prepared by the server, `sending` for text alone, `success` once stored,
 * `fail` with the reason and a retry button. A send that failed for a reason that may pass (network, a server
 * fault) is retried automatically up to SEND_RETRIES times with a growing, jittered delay; a refusal by the
 * contact rules is not (it would only be refused again).
 *
 * The API has no idempotency key for sends, and an answer can be lost after the message was stored. So before
 * each retry the sender resyncs the thread and, when a message of ours with the same text and photo count
 * arrived after the send began, takes that one instead of sending again.
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
  post(text: string, files: readonly File[]): Promise<PostOutcome>;
  /** Fetches what is new in the thread into the store. */
  resync(): Promise<void>;
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
  /** The thread's highest stored id when the send began: a copy of ours stored later may be this send. */
  since: number;
  timer: unknown;
}

/** The delay before retry n (1-based): 1 s, 2 s, 4 s, 8 s, 16 s, each between half and the whole. */
export function retryDelay(n: number, random: () => number, baseMs = SEND_RETRY_BASE_MS): number {
  const step = baseMs * 2 ** (n - 1);
  return Math.round(step / 2 + random() * (step / 2));
}

let counter = 0;
const defaultKey = () => `c${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 8)}`;

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

  const highestStored = () => (store.getState().messages[thread] ?? []).reduce((max, m) => (m.id !== null && m.id > max ? m.id : max), 0);

  /** A message of ours stored after the job began, same text and photo count, that no send has claimed. */
  function storedCopy(job: Job): boolean {
    return (store.getState().messages[thread] ?? []).some(
      (m) =>
        m.id !== null &&
        m.id > job.since &&
        m.clientKey === null &&
        m.senderId === me &&
        m.text === job.text.trim() &&
        (m.payload?.photos.length ?? 0) === job.files.length,
    );
  }

  async function attempt(job: Job) {
    if (stopped) return;
    store.getState().setStatus(job.key, job.files.length > 0 ? "preparing" : "sending");
    let outcome: PostOutcome;
    try {
      outcome = await options.post(job.text, job.files);
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
    job.timer = timers.setTimeout(
      () => {
        job.timer = null;
        void (async () => {
          // The earlier try may have been stored although its answer was lost: look before sending again.
          await options.resync().catch(() => undefined);
          if (stopped || !jobs.has(job.key)) return;
          if (storedCopy(job)) {
            jobs.delete(job.key);
            store.getState().discard(job.key);
            return;
          }
          await attempt(job);
        })();
      },
      retryDelay(job.tries, random),
    );
  }

  return {
    send(text, files) {
      const key = newKey();
      const job: Job = { key, text, files: [...files], tries: 0, since: highestStored(), timer: null };
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
