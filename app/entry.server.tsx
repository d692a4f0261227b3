import { Writable } from "node:stream";
import { type AppLoadContext, type EntryContext, type HandleDataRequestFunction, type HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { applyRenderTimeoutHeaders, hadRenderTimeout } from "~/api/render-timeout.server";
import { NonceContext } from "~/components/nonce";
import { IslandMemoContext } from "~/components/RememberedIsland";
import { pageIslandMemo } from "~/components/server-island-memo.server";
import { RenderTimeoutContext } from "~/components/RenderTimeoutNotice";
import { i18nServer, serverI18n } from "~/i18n/i18next.server";
import { applySessionCookies, readSession } from "~/session/session.server";
import { etagOf, isSharedAnswer, matchesIfNoneMatch } from "~/utils/etag.server";
import { hydratesWith } from "~/utils/hydrate";

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
  const language = await i18nServer.getLocale(request);
  const instance = serverI18n(language);
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
  // no route defers data, so nothing is left to wait for but Remix's loader data, encoded at once. Rendered in one
  // synchronous pass where nothing waits (ADR 166), else the streaming way.
  await prepareLoaderDataTransfer(remixContext);
  // Islands that drew the same data on this URL in this language before write that HTML again (ADR 177).
  const { pathname, search } = new URL(request.url);
  const islandMemo = pageIslandMemo(pathname + search, language);
  const text = await renderPage(
    <I18nextProvider i18n={instance}>
      <NonceContext.Provider value={nonce}>
        <RenderTimeoutContext.Provider value={degraded}>
          <IslandMemoContext.Provider value={islandMemo?.memo ?? null}>
            <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
          </IslandMemoContext.Provider>
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
  // Only a whole page's islands are kept: not one rendered after a failure, nor one whose loaders timed out.
  if (responseStatusCode === 200 && !degraded) islandMemo?.keepFrom(text);
  const html = Buffer.from(text, "utf8");
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (shared) {
    loadContext?.allowInlineScriptsOf?.(text);
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

/** What React's streaming render puts first when the root is `<html>`; its string render leaves it out. */
const DOCTYPE = "<!DOCTYPE html>";
/** A boundary React could not finish in the string render (it waited, or failed): `<!--$!-->`, or `<!--$?-->` pending. */
const UNFINISHED_BOUNDARY = /<!--\$[!?]-->/;

/**
 * The page's HTML (ADR 166). React's string render makes the same markup as its streaming one without encoding each of
 * its few thousand small pieces to UTF-8 on its own, a Node stream and a turn of the event loop per render. It cannot
 * wait: the loader data for the browser is read before it (prepareLoaderDataTransfer), and a page on which anything
 * else still waits — a part loaded on first use, a failure inside a boundary, a component that suspends outside one —
 * is rendered again the streaming way, which waits, and reports a failure as before.
 */
export async function renderPage(
  tree: React.ReactNode,
  nonce: string | undefined,
  onRenderError: (error: unknown, afterShell: boolean) => void,
): Promise<string> {
  let html: string | undefined;
  try {
    html = renderToString(tree);
  } catch {
    // Something suspended outside a boundary, or the render failed: the streaming render waits, or reports it.
  }
  if (html !== undefined && !UNFINISHED_BOUNDARY.test(html)) return DOCTYPE + html;
  return (await renderWhole(tree, nonce, onRenderError)).toString("utf8");
}

/**
 * Remix's `StreamTransfer` renders the encoded loader data as script tags, chunk by chunk, reading each chunk while
 * React renders (it suspends until the read is done) and remembering it by its number in `renderMeta.streamCache`.
 * For a page that renders `<Scripts>` (StreamTransfer renders nothing on the others, and their data is then never
 * encoded: server/render-memo.ts), the chunks are read and decoded the same way here, before the render:
 * StreamTransfer finds every one and renders the same tags without waiting.
 */
export async function prepareLoaderDataTransfer(context: EntryContext) {
  shareHandoffReader(context);
  const matches = context.staticHandlerContext.matches;
  if (hydratesWith(matches.map((match) => context.routeModules[match.route.id]?.handle))) await readLoaderDataTransfer(context);
}

/**
 * RemixServer takes a reader of the encoded loader data at every render: one reader for all of them, so a page
 * rendered a second time (the streaming way) reads on where the first render stopped instead of finding it locked.
 */
function shareHandoffReader(context: EntryContext) {
  const stream = context.serverHandoffStream;
  if (!stream) return;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  context.serverHandoffStream = { getReader: () => (reader ??= stream.getReader()) } as ReadableStream<Uint8Array>;
}

/** Every chunk of the encoded loader data into StreamTransfer's cache, decoded as StreamTransfer decodes them. */
async function readLoaderDataTransfer(context: EntryContext) {
  const reader = context.serverHandoffStream?.getReader();
  const meta = context.renderMeta;
  if (!reader || !meta) return;
  const cache = (meta.streamCache ??= {});
  const decoder = new TextDecoder();
  for (let chunk = 0; ; chunk++) {
    const { done, value } = await reader.read();
    const read = Promise.resolve() as NonNullable<typeof cache>[number];
    read.result = { done, value: decoder.decode(value, { stream: true }) };
    cache[chunk] = read;
    if (done) return;
  }
}

/**
 * The page's HTML, once React has rendered all of it. Bounded: a render waits for a CPU behind every other one on a
 * busy machine (200 signed-in renders at once answered 500 with an 11 s bound: tests/e2e/shutdown.spec.ts), and
 * whatever React still waits for after the shell (Remix's loader data) is bounded by the stream time-out.
 */
export function renderWhole(
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
