import { Writable } from "node:stream";
import { type AppLoadContext, type EntryContext, type HandleDataRequestFunction, type HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { applyRenderTimeoutHeaders, hadRenderTimeout } from "~/api/render-timeout.server";
import { NonceContext } from "~/components/nonce";
import { RenderTimeoutContext } from "~/components/RenderTimeoutNotice";
import { i18nServer, serverI18n } from "~/i18n/i18next.server";
import { applySessionCookies, readSession } from "~/session/session.server";
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

  // A public answer may be shared by many visitors (the micro-cache; a CDN keeps a guest's 404 too), and one
  // nonce served to many is no nonce: such a page is rendered without one, and the host allows its inline
  // scripts by their hashes (ADR 143). A public 200 is also tagged, so a revalidation can answer 304.
  const shared = isSharedAnswer(request, responseHeaders);

  // The Content-Security-Policy nonce of this response (server/security/headers.ts): Remix's and React's
  // inline scripts must carry it. Under remix-serve (web tier alone) there is none, and no CSP from us.
  const nonce = shared ? undefined : loadContext?.cspNonce;

  // Every page is rendered whole, then answered as one body (ADR 153): loaders have finished before the render,
  // no route defers data, so the only thing React waits for after its shell is Remix's loader data, encoded at once.
  // Streaming gained nothing but cost a web stream per page; one body goes to the socket in one write and is
  // compressed in one call. (Crawlers, which got the whole document before, get it as everyone does.)
  const html = await renderWhole(
    <I18nextProvider i18n={instance}>
      <NonceContext.Provider value={nonce}>
        <RenderTimeoutContext.Provider value={degraded}>
          <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
        </RenderTimeoutContext.Provider>
      </NonceContext.Provider>
    </I18nextProvider>,
    nonce,
    (error, afterShell) => {
      responseStatusCode = 500;
      // An error before the shell fails the render: Remix logs it (handleError) and renders the error boundary.
      if (afterShell) logError(loadContext, { err: error }, "render failed after the shell");
    },
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (shared) {
    loadContext?.allowInlineScriptsOf?.(html.toString("utf8"));
    if (responseStatusCode === 200) {
      const etag = etagOf(html);
      responseHeaders.set("ETag", etag);
      if (matchesIfNoneMatch(request.headers.get("if-none-match"), etag)) {
        responseHeaders.delete("Content-Type");
        return new Response(null, { status: 304, headers: responseHeaders });
      }
    }
  }
  const response = new Response(html, { headers: responseHeaders, status: responseStatusCode });
  // The host compresses the bytes it is handed here in one call, instead of reading them back from the body.
  loadContext?.keepWholeBody?.(response, html);
  return response;
}

/**
 * The page's HTML, once React has rendered all of it. Bounded: a render waits for a CPU behind every other one on a
 * busy machine (200 signed-in renders at once answered 500 with an 11 s bound: tests/e2e/shutdown.spec.ts), and
 * whatever React still waits for after the shell (Remix's loader data) is bounded by the stream time-out.
 */
function renderWhole(
  tree: React.ReactNode,
  nonce: string | undefined,
  onRenderError: (error: unknown, afterShell: boolean) => void,
): Promise<Buffer<ArrayBuffer>> {
  return new Promise<Buffer<ArrayBuffer>>((resolve, reject) => {
    let shellReady = false;
    let abortTimer = setTimeout(() => abort(), SHELL_TIMEOUT_MS);
    const chunks: Uint8Array[] = [];
    const sink = new Writable({
      // Not destroyed (so no "close") after a normal end: React's pipe takes "close" for a client gone and aborts
      // the finished render, whose abort ends the output a second time (an error object made for nothing, each page).
      autoDestroy: false,
      write(chunk: Uint8Array, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(abortTimer);
        resolve(Buffer.concat(chunks));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(tree, {
      nonce,
      onShellReady() {
        // From here on only the loader data's transfer is awaited, bounded by the stream time-out.
        shellReady = true;
        clearTimeout(abortTimer);
        abortTimer = setTimeout(() => abort(), streamTimeout + 1000);
      },
      onAllReady() {
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(abortTimer);
        reject(error);
      },
      // After the shell, an error inside a boundary (React renders its fallback): the page is not whole.
      onError: (error: unknown) => onRenderError(error, shellReady),
    });
  });
}
