/**
 * paywall/rebill/{token} (issue 26 item 5, ADR 078): the one-step payment a dunning mail links to. The token is the
 * key, so the page works without a login; a signed-in member of another account gets the unknown-link page. After a
 * payment the page answers from its `done` parameter alone (the link is spent by then).
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { rebillPaySchema, REBILL_TOKEN_PATTERN } from "#server/contract/renewals";
import { createApiClient } from "~/api/client.server";
import { fetchRebillInfo, payRebillLink, type RebillInfoData } from "~/api/renewals.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

/** The token sits in the URL: it must never leave in a Referer to another site. */
export const REBILL_HEADERS = { ...PRIVATE_HEADERS, "Referrer-Policy": "same-origin" };

export const REBILL_DONE = ["paid", "paying"] as const;
export type RebillDone = (typeof REBILL_DONE)[number];

export type RebillView =
  | { title: string; mode: "offer"; info: RebillInfoData }
  | { title: string; mode: "done"; done: RebillDone }
  | { title: string; mode: "gone" | "unknown" };

export async function loadRebill({ request, context, params }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  const title = t("rebill.title");
  const done = REBILL_DONE.find((value) => value === new URL(request.url).searchParams.get("done"));
  if (done) return data<RebillView>({ title, mode: "done", done }, { headers: REBILL_HEADERS });
  const token = params.token ?? "";
  if (!REBILL_TOKEN_PATTERN.test(token)) return data<RebillView>({ title, mode: "unknown" }, { status: 404, headers: REBILL_HEADERS });
  const info = await fetchRebillInfo(createApiClient({ request, context }), token);
  if (info.ok) return data<RebillView>({ title, mode: "offer", info: info.data }, { headers: REBILL_HEADERS });
  if (info.status === 410) return data<RebillView>({ title, mode: "gone" }, { status: 410, headers: REBILL_HEADERS });
  if (info.status === 404) return data<RebillView>({ title, mode: "unknown" }, { status: 404, headers: REBILL_HEADERS });
  throw new Response(null, { status: 503, headers: REBILL_HEADERS });
}

export async function submitRebill({ request, context, params }: ActionFunctionArgs) {
  const submission = await parseForm(request, rebillPaySchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: REBILL_HEADERS });
  const token = params.token ?? "";
  const result = await payRebillLink(createApiClient({ request, context }), token, submission.value.pay_with);
  if (!result.ok) {
    const status = result.status === 410 || result.status === 404 ? result.status : 400;
    return data({ lastResult: replyWithApiErrors(submission, result.errors, ["pay_with"]) }, { status, headers: REBILL_HEADERS });
  }
  const payment = result.data;
  if (payment.status === "redirect" && payment.redirectUrl) throw redirect(payment.redirectUrl, { headers: REBILL_HEADERS });
  if (payment.status === "failed") {
    return data({ lastResult: submission.reply({ formErrors: ["exception.rebill.declined"] }) }, { status: 400, headers: REBILL_HEADERS });
  }
  throw redirect(`/${params.lang}/paywall/rebill/${token}?done=${payment.status === "paid" ? "paid" : "paying"}`, {
    headers: REBILL_HEADERS,
  });
}
