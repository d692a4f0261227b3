/**
 * API calls whose bodies are not JSON: multipart uploads going in and image
 * bytes coming out. Same target, headers and token as createApiClient (in
 * process under the one-process host, API_URL otherwise); no envelope parsing.
 */
import type { AppLoadContext } from "@remix-run/node";
import { DEFAULT_LANGUAGE } from "#server/contract/locales";
import { languageFromPath } from "~/i18n/lang";
import { readSession } from "~/session/session.server";

export async function rawApiFetch(
  request: Request,
  context: AppLoadContext | undefined,
  endpoint: string,
  init: {
    method?: "GET" | "POST";
    /** A FormData, or a request body streamed through as it arrives (with its content type and length). */
    body?: FormData | { stream: ReadableStream<Uint8Array>; contentType: string; contentLength: string | null };
  } = {},
): Promise<Response> {
  const session = readSession(request, Date.now());
  const requestUrl = new URL(request.url);
  const headers = new Headers({
    accept: "application/json",
    "accept-language": languageFromPath(requestUrl.pathname) ?? session.languageCookie ?? DEFAULT_LANGUAGE,
    "x-km-ff": session.visitorId,
  });
  if (session.token) headers.set("authorization", `Bearer ${session.token}`);
  const forwardedFor = context?.clientAddress ?? request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  if (forwardedFor) headers.set("x-forwarded-for", forwardedFor);
  const apiUrl = process.env.API_URL;
  const base = apiUrl ? (apiUrl.endsWith("/") ? apiUrl : `${apiUrl}/`) : requestUrl.origin;
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) {
    // fetch sets the multipart boundary itself from the FormData body.
    body = init.body;
  } else if (init.body) {
    body = init.body.stream;
    headers.set("content-type", init.body.contentType);
    if (init.body.contentLength) headers.set("content-length", init.body.contentLength);
  }
  const apiRequest = new Request(new URL(endpoint.replace(/^\//, ""), base.endsWith("/") ? base : `${base}/`), {
    method: init.method ?? "GET",
    headers,
    body,
    redirect: "manual",
    // A streamed body goes out as it comes in (Node's fetch requires saying so).
    ...(body && !(body instanceof FormData) ? { duplex: "half" } : {}),
  } as RequestInit);
  if (!apiUrl && context?.apiFetch) return await context.apiFetch(apiRequest);
  return await fetch(apiRequest);
}
