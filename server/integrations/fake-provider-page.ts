/**
 * The page frame of the embedded fake providers (payments, age verification): a plain HTML page with the banner that
 * says it is a fake, never cached or indexed, and the large buttons its outcome forms use (no script needed).
 */
import { escapeHtml } from "../lib/html";

export function fakePageResponse(body: string, status = 200): Response {
  return new Response(body, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
      // Not no-referrer: with it browsers send "Origin: null" on the page's own form posts, which the origin check refuses.
      "Referrer-Policy": "same-origin",
    },
  });
}

export function fakePageLayout(t: { title: string; banner: string }, content: string, lang = "de"): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(t.title)}</title></head>
<body style="margin:0;font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b;line-height:1.45">
<div role="note" style="background:#b45309;color:#fff;padding:12px 16px;font-weight:700;text-align:center">${escapeHtml(t.banner)}</div>
<main style="max-width:32rem;margin:0 auto;padding:16px">${content}</main></body></html>`;
}

/** A full-width outcome button of at least 48 px in the given colour. */
export const fakeButtonStyle = (color: string) =>
  `display:block;width:100%;min-height:48px;margin:8px 0;border:0;border-radius:8px;background:${color};color:#fff;font-size:1rem;font-weight:600;cursor:pointer`;
