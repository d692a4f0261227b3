/**
 * What every back-office money page's loader and action share (ADR 080, 087): backend accounts only — everyone else,
 * team included, gets the 404 of a page that does not exist, as the API answers — an API answer turned into the
 * page's data or its 404/503, and the page's title in its namespace.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#server/contract/locales";
import type { ApiResult } from "~/api/client.server";
import { i18nServer } from "~/i18n/i18next.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { requireStaffPage } from "./staff-access.server";

export type BackendArgs = LoaderFunctionArgs | ActionFunctionArgs;

export const notFound = () => new Response(null, { status: 404, headers: PRIVATE_HEADERS });

/** The page's language, once the viewer is a backend account (else the 404). */
export async function requireBackend({ request, context, params }: BackendArgs): Promise<Language> {
  await requireStaffPage(request, context, "money.manage");
  return isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
}

/** An API answer a page needs: its data, or the page's 404 (refused) or 503 (anything else went wrong). */
export function dataOf<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  throw result.status === 404 || result.status === 403 ? notFound() : new Response(null, { status: 503, headers: PRIVATE_HEADERS });
}

/** A page's title from its namespace ("accounting", "ledger-office"). */
export async function titleOf(request: Request, ns: string, key: string): Promise<string> {
  const t = await i18nServer.getFixedT(request);
  return t(key, { ns });
}
