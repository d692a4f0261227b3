import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { missingKeyReportSchema } from "#server/contract/operations/translations";
import { createApiClient } from "~/api/client.server";
import { reportMissingKeys } from "~/api/translations.server";
import { noStore } from "~/utils/cache-headers";

const methodNotAllowed = () =>
  json({ code: 405, errors: [{ code: 405, title: "exception.common.method_not_allowed" }] }, { status: 405, headers: { Allow: "POST" } });
const invalid = () =>
  json(
    { code: 400, errors: [{ code: 400, title: "validation.invalid", message: "validation.invalid", key: "validation.invalid" }] },
    { status: 400 },
  );

/**
 * POST /node/translations/missing (issue 32 item 7, ADR 136): the browser's i18next reports the keys it could not
 * find (app/i18n/missing-keys.ts) to its own origin; this forwards them to the API, which counts and limits them.
 * The host's same-origin check guards it as every state-changing request.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return invalid();
  }
  const parsed = v.safeParse(missingKeyReportSchema, body);
  if (!parsed.success) return invalid();
  const result = await reportMissingKeys(createApiClient({ request, context }), parsed.output);
  if (result.ok) return new Response(null, { status: 204, headers: noStore() });
  return json({ code: result.status, errors: result.errors }, { status: result.status === 429 ? 429 : 400, headers: noStore() });
}

export function loader(_args: LoaderFunctionArgs) {
  return methodNotAllowed();
}
