/**
 * Load shedding (issue 9 item 10). Past a number of requests in flight, or while the event loop lags
 * behind by more than a bound, a new request gets 503 with Retry-After at once instead of waiting seconds
 * in the queue and timing out anyway: the requests already admitted finish fast, and a load balancer or
 * the browser tries again shortly. The answer costs no rendering: a small page in the path's language
 * (documents) or the API's error item (JSON).
 */
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import type { MiddlewareHandler } from "hono";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../contract/locales";
import { errorItem, jsonAnswer } from "../api/errors";

export interface AdmissionOptions {
  /** Requests in flight in this process beyond which new ones are shed. */
  maxInFlight: number;
  /** Event-loop delay (p99 over the last half second, ms) beyond which new requests are shed; 0 = never. */
  maxEventLoopLagMs: number;
  /**
   * Event-loop utilization (0-1 over the last half second) beyond which new requests are shed; 0 = never.
   * A CPU-bound render queue shows here, not as requests in flight: while the loop is busy, new requests
   * wait unparsed in their sockets, which no counter sees.
   */
  maxEventLoopUtilization?: number;
  /** Seconds a shed client is asked to wait. */
  retryAfterS?: number;
}

const TEXTS: Record<Language, { title: string; text: string; retry: string }> = {
  de: {
    title: "Gerade sehr viel los",
    text: "Die Seite ist im Moment stark ausgelastet.",
    retry: "Bitte versuche es in ein paar Sekunden noch einmal.",
  },
  en: { title: "Very busy right now", text: "The site is under heavy load at the moment.", retry: "Please try again in a few seconds." },
  es: {
    title: "Mucha actividad ahora mismo",
    text: "El sitio tiene mucha carga en este momento.",
    retry: "Vuelve a intentarlo en unos segundos.",
  },
  pl: { title: "Duże obciążenie", text: "Serwis jest w tej chwili mocno obciążony.", retry: "Spróbuj ponownie za kilka sekund." },
};

function overloadPage(lang: Language, retryAfterS: number): string {
  const t = TEXTS[lang];
  return `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="${retryAfterS}"><title>${t.title}</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1>${t.title}</h1><p>${t.text} ${t.retry}</p></body></html>`;
}

/** Paths that must answer even under load: health checks, and build assets (cheap, needed by every page). */
const EXEMPT = /^\/(?:healthz|readyz|build\/)/;

const SAMPLE_MS = 500;

export function admissionControl({
  maxInFlight,
  maxEventLoopLagMs,
  maxEventLoopUtilization = 0,
  retryAfterS = 5,
}: AdmissionOptions): MiddlewareHandler {
  let inFlight = 0;
  // A stuck loop (delay past its bound) sheds every new request; a saturated one (utilization past its
  // bound) sheds a share that grows while saturation lasts and shrinks when it eases, so the process keeps
  // serving at capacity instead of swinging between full and empty.
  let stuck = false;
  let shedShare = 0;
  if (maxEventLoopLagMs > 0 || maxEventLoopUtilization > 0) {
    const histogram = monitorEventLoopDelay({ resolution: 20 });
    histogram.enable();
    let last = performance.eventLoopUtilization();
    const sample = setInterval(() => {
      const lagMs = histogram.percentile(99) / 1e6;
      histogram.reset();
      const now = performance.eventLoopUtilization();
      const utilization = performance.eventLoopUtilization(now, last).utilization;
      last = now;
      stuck = maxEventLoopLagMs > 0 && lagMs > maxEventLoopLagMs;
      const saturated = maxEventLoopUtilization > 0 && utilization > maxEventLoopUtilization;
      shedShare = saturated ? Math.min(0.9, shedShare + 0.1) : Math.max(0, shedShare - 0.05);
    }, SAMPLE_MS);
    sample.unref();
  }
  return async (c, next) => {
    if (EXEMPT.test(c.req.path)) return await next();
    if (inFlight >= maxInFlight || stuck || (shedShare > 0 && Math.random() < shedShare)) {
      const headers = { "Retry-After": String(retryAfterS), "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
      if (c.req.path.startsWith("/api/") || c.req.path.startsWith("/oauth/")) {
        return jsonAnswer(c, { code: 503, errors: [errorItem(503, "exception.common.service_unavailable")] }, 503, headers);
      }
      const segment = c.req.path.split("/")[1];
      return c.html(overloadPage(isLanguage(segment) ? segment : DEFAULT_LANGUAGE, retryAfterS), 503, headers);
    }
    inFlight += 1;
    try {
      await next();
    } finally {
      inFlight -= 1;
    }
  };
}
