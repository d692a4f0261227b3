/**
 * The statutory declarations without login (issue 26 item 6, ADR 076): contracts/cancel (§ 312k BGB, the footer's
 * "Verträge hier kündigen"), contracts/withdraw (the EU withdrawal function) and the saveable receipt. Straight from
 * the button to the confirmation page: no survey, no offer in between.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { contractCancelSchema, contractWithdrawSchema, WITHDRAWAL_TOKEN_PATTERN } from "#server/contract/plus";
import { createApiClient } from "~/api/client.server";
import { confirmWithdrawal, declareCancellation, declareWithdrawal, fetchContractReceipt, fetchPlusContract } from "~/api/plus.server";
import { loadViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

/** The form's prefill for a signed-in member (name and e-mail) and, for the cancellation, the earliest end. */
async function prefillOf(request: Request, context: LoaderFunctionArgs["context"]) {
  const viewer = await loadViewer(request, context);
  if (!viewer) return { name: "", identifier: "", earliestEnd: null as number | null };
  const contract = await fetchPlusContract(createApiClient({ request, context }));
  const c = contract.ok ? contract.data.contract : null;
  const live = c !== null && ["running", "cancelled", "past_due"].includes(c.status);
  return { name: viewer.username, identifier: viewer.email, earliestEnd: live ? c.earliestEnd : null };
}

export async function loadContractCancel({ request, context }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("plus.contracts.cancel_title"), prefill: await prefillOf(request, context) }, { headers: PRIVATE_HEADERS });
}

export async function loadContractWithdraw({ request, context }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("plus.contracts.withdraw_title"), prefill: await prefillOf(request, context) }, { headers: PRIVATE_HEADERS });
}

export async function submitContractCancel({ request, context, params }: ActionFunctionArgs) {
  const submission = await parseForm(request, contractCancelSchema, { lineBreaks: true });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await declareCancellation(createApiClient({ request, context }), submission.value);
  if (!result.ok) return data({ lastResult: replyWithApiErrors(submission, result.errors) }, { status: 400, headers: PRIVATE_HEADERS });
  throw redirect(`/${params.lang}/contracts/receipt/${result.data.id}`, { headers: PRIVATE_HEADERS });
}

export async function submitContractWithdraw({ request, context, params }: ActionFunctionArgs) {
  const submission = await parseForm(request, contractWithdrawSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await declareWithdrawal(createApiClient({ request, context }), submission.value);
  if (!result.ok) return data({ lastResult: replyWithApiErrors(submission, result.errors) }, { status: 400, headers: PRIVATE_HEADERS });
  throw redirect(`/${params.lang}/contracts/receipt/${result.data.id}`, { headers: PRIVATE_HEADERS });
}

export async function loadContractReceipt({ request, context, params }: LoaderFunctionArgs) {
  const result = await fetchContractReceipt(createApiClient({ request, context }), params.id ?? "");
  if (!result.ok) throw new Response(null, { status: result.status >= 500 ? 503 : 404, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  const title = result.data.action === "cancel" ? t("plus.contracts.receipt_title_cancel") : t("plus.contracts.receipt_title_withdraw");
  return data({ title, receipt: result.data }, { headers: PRIVATE_HEADERS });
}

/**
 * contracts/withdraw/confirm/{token}: the link mailed for a withdrawal sent without login (ADR 088). Opening it shows
 * one button; the post makes the withdrawal take effect (a mail scanner that opens links withdraws nothing).
 */
export async function loadWithdrawConfirm({ request, params }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  return data(
    { title: t("plus.contracts.confirm_title"), wellFormed: WITHDRAWAL_TOKEN_PATTERN.test(params.token ?? "") },
    { headers: PRIVATE_HEADERS },
  );
}

export async function submitWithdrawConfirm({ request, context, params }: ActionFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  const result = await confirmWithdrawal(createApiClient({ request, context }), params.token ?? "");
  if (!result.ok)
    return data(
      { receipt: null, title: t("plus.contracts.confirm_title") },
      { status: result.status >= 500 ? 503 : 404, headers: PRIVATE_HEADERS },
    );
  return data({ receipt: result.data, title: t("plus.contracts.confirmed_title") }, { headers: PRIVATE_HEADERS });
}
