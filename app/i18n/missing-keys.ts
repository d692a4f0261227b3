/**
 * The browser's missing-key reports (issue 32 item 7, ADR 136): i18next calls `collect` for every key it could not
 * find (saveMissing); the keys wait a moment and go to /node/translations/missing together, each language +
 * namespace + key once per page, at most MISSING_KEY_LIMITS.keysPerReport per report. Keys that read as text are the
 * spec's natural-language fallbacks (shown as they are) and are not reported. A 429 stops the page's reports.
 */
import { MISSING_KEY_LIMITS, readsAsText, type MissingKeyReport } from "#server/contract/translations";

const REPORT_PATH = "/node/translations/missing";
/** Keys that go missing while a page renders arrive together: wait for them. */
const FLUSH_DELAY_MS = 2_000;

type Entry = MissingKeyReport["keys"][number];

export function missingKeyReporter(send: (body: string) => Promise<Response | void> = post) {
  const seen = new Set<string>();
  let queue: Entry[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  async function flush() {
    timer = null;
    while (queue.length > 0 && !stopped) {
      const keys = queue.slice(0, MISSING_KEY_LIMITS.keysPerReport);
      queue = queue.slice(keys.length);
      const response = await send(JSON.stringify({ keys })).catch(() => undefined);
      if (response && response.status === 429) stopped = true;
    }
  }

  return {
    /** i18next's missingKeyHandler(lngs, ns, key). */
    collect(languages: readonly string[], namespace: string, key: string) {
      if (stopped || readsAsText(key) || key.length > MISSING_KEY_LIMITS.keyMaxLength) return;
      for (const lng of languages) {
        const id = `${lng}\n${namespace}\n${key}`;
        if (seen.has(id)) continue;
        seen.add(id);
        queue.push({ lng, ns: namespace, key });
      }
      timer ??= setTimeout(() => void flush(), FLUSH_DELAY_MS);
    },
    flush,
  };
}

function post(body: string): Promise<Response> {
  return fetch(REPORT_PATH, { method: "POST", headers: { "content-type": "application/json" }, body, keepalive: true });
}
