/**
 * The web's file routes (/media/{key}/{variant}, /media/live/{id}/recording.mp4) pass the API's answer through: the
 * bytes, 206/416 for a video player's byte range (ADR 034), and only the headers a browser needs. Anything else the
 * API answers is a plain 404, so a file's existence is never told apart from a refusal.
 */
import { CACHE_HEADER, noStore } from "~/utils/cache-headers";

const PASSED_HEADERS = [
  "content-type",
  "content-length",
  CACHE_HEADER.toLowerCase(),
  "x-content-type-options",
  "accept-ranges",
  "content-range",
];

export const mediaNotFound = () =>
  new Response("Not found", { status: 404, headers: { ...noStore(), "Content-Type": "text/plain; charset=utf-8" } });

export async function forwardMediaFile(upstream: Response): Promise<Response> {
  if (upstream.status !== 200 && upstream.status !== 206 && upstream.status !== 416) {
    await upstream.body?.cancel();
    return mediaNotFound();
  }
  const headers = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  // A private answer depends on who asks (the session cookie), not only on the URL.
  if (!/^\s*public\b/i.test(headers.get(CACHE_HEADER) ?? "")) headers.set("Vary", "Cookie");
  return new Response(upstream.body, { status: upstream.status, headers });
}
