import { PassThrough } from "node:stream";
import { type AppLoadContext, type EntryContext, type HandleDataRequestFunction, type HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { applyRenderTimeoutHeaders, hadRenderTimeout } from "~/api/render-timeout.server";
import { NonceContext } from "~/components/nonce";
import { RenderTimeoutContext } from "~/components/RenderTimeoutNotice";
import { i18nServer, serverI18n } from "~/i18n/i18next.server";
import { applySessionCookies, readSession } from "~/session/session.server";
import { coalescedBody } from "~/utils/coalesced-body.server";
import { etagOf, isSharedAnswer, matchesIfNoneMatch } from "~/utils/etag.server";

export const streamTimeout = 10_000;
/** The longest a render may take to its shell (loaders are done by then; only a CPU is awaited). */
const SHELL_TIMEOUT_MS = 60_000;

/** Session cookies (sliding expiry, visitor id, language) ride on every data response too. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) => {
  applySessionCookies(response.headers, readSession(request, Date.now()));
  if (hadRenderTimeout(context)) applyRenderTimeoutHeaders(response.headers);
  return response;
};

/** The host's request logger; under remix-serve (web tier alone) the console. */
function logError(context: AppLoadContext | undefined, fields: Record<string, unknown>, message: string) {
  if (context?.log) context.log.error(fields, message);
  else console.error(message, fields);
}

/** Loader and action failures, logged once with the request id (the error page shows no details). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const path = new URL(request.url).pathname;
  logError(context, { err: error, method: request.method, path }, "web tier error");
  // Besides the log, the error report with the same request id (ADR 133; nothing when SENTRY_DSN is unset).
  context?.reportError?.(error, { method: request.method, path });
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  applySessionCookies(responseHeaders, readSession(request, Date.now()));
  // One shared, fully loaded instance per language (app/i18n/i18next.server.ts).
  const instance = serverI18n(await i18nServer.getLocale(request));
  // An API call timed out while the loaders ran: the page is incomplete, so it is never cached.
  const degraded = hadRenderTimeout(loadContext);
  if (degraded) applyRenderTimeoutHeaders(responseHeaders);

  // Crawlers and no-JS clients get the whole document at once.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  // A public answer may be shared by many visitors (the micro-cache; a CDN keeps a guest's 404 too), and one
  // nonce served to many is no nonce: such a page is rendered whole without one, and the host allows its
  // inline scripts by their hashes (ADR 143). A public 200 is also tagged, so a revalidation can answer 304.
  const shared = isSharedAnswer(request, responseHeaders);

  // The Content-Security-Policy nonce of this response (server/security/headers.ts): Remix's and React's
  // inline scripts must carry it. Under remix-serve (web tier alone) there is none, and no CSP from us.
  const nonce = shared ? undefined : loadContext?.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Aborts a render still streaming after the time-out. Cleared when the stream ends: a pending timer
    // keeps the whole render (React tree, loader data, response) alive for 11 s after every request.
    const abortTimer: { id?: ReturnType<typeof setTimeout> } = {};
    const settle = () => clearTimeout(abortTimer.id);
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={instance}>
        <NonceContext.Provider value={nonce}>
          <RenderTimeoutContext.Provider value={degraded}>
            <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
          </RenderTimeoutContext.Provider>
        </NonceContext.Provider>
      </I18nextProvider>,
      {
        nonce,
        [waitForAll || shared ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          // From here on only the streaming is bounded, by the stream time-out.
          clearTimeout(abortTimer.id);
          abortTimer.id = setTimeout(abort, streamTimeout + 1000);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (shared) {
            const body = new PassThrough();
            body.once("close", settle);
            const chunks: Buffer[] = [];
            body.on("data", (chunk: Buffer) => chunks.push(chunk));
            body.on("end", () => {
              const html = Buffer.concat(chunks);
              loadContext?.allowInlineScriptsOf?.(html.toString("utf8"));
              if (responseStatusCode !== 200) {
                resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
                return;
              }
              const etag = etagOf(html);
              responseHeaders.set("ETag", etag);
              if (matchesIfNoneMatch(request.headers.get("if-none-match"), etag)) {
                responseHeaders.delete("Content-Type");
                resolve(new Response(null, { status: 304, headers: responseHeaders }));
              } else {
                resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
              }
            });
            pipe(body);
            return;
          }
          // React's 2 KB writes leave gathered per turn of the event loop (one chunk for the shell).
          const { sink, stream } = coalescedBody();
          sink.once("finish", settle);
          sink.once("close", settle);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(sink);
        },
        onShellError(error: unknown) {
          settle();
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logError(loadContext, { err: error }, "render failed after the shell was sent");
        },
      },
    );
    // Until the shell is ready the bound is generous: a render waits for a CPU behind every other one on a busy
    // machine (200 signed-in renders at once answered 500 with the 11 s bound: tests/e2e/shutdown.spec.ts).
    abortTimer.id = setTimeout(abort, SHELL_TIMEOUT_MS);
  });
}
