/**
 * The back office's affiliate pages (issue 32 item 6, ADR 135): the partners with their totals and a form for a new
 * one, and a report per partner by month. Backend accounts only (money.manage), as the API answers.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { affiliateCreateSchema } from "#server/contract/affiliates";
import { parseRowId } from "#server/contract/row-id";
import * as v from "valibot";
import { createAffiliate, fetchAffiliateReport, fetchAffiliates, setAffiliateState } from "~/api/affiliates.server";
import { createApiClient } from "~/api/client.server";
import { dataOf, notFound, requireBackend, titleOf } from "~/features/backoffice/backend.server";
import { localePath } from "~/i18n/lang";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

const FIELDS = ["name", "code", "email"] as const;

export async function loadAffiliates(args: LoaderFunctionArgs) {
  await requireBackend(args);
  const list = dataOf(await fetchAffiliates(createApiClient(args)));
  const created = new URL(args.request.url).searchParams.get("done") === "created";
  return data({ title: await titleOf(args.request, "affiliates", "affiliates.office.title"), list, created }, { headers: PRIVATE_HEADERS });
}

export async function submitNewAffiliate(args: ActionFunctionArgs) {
  const lang = await requireBackend(args);
  const submission = await parseForm(args.request, affiliateCreateSchema);
  if (submission.status !== "success")
    return data(
      { lastResult: submission.reply({ formErrors: ["validation.correct_all_fields"] }) },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  const result = await createAffiliate(createApiClient(args), submission.value);
  if (!result.ok)
    return data({ lastResult: replyWithApiErrors(submission, result.errors, FIELDS) }, { status: 400, headers: PRIVATE_HEADERS });
  throw redirect(`${localePath(lang, "backoffice/affiliates")}?done=created`, { headers: PRIVATE_HEADERS });
}

export const AFFILIATE_STATE_DONE = ["deactivated", "reactivated"] as const;
type StateDone = (typeof AFFILIATE_STATE_DONE)[number];

export async function loadAffiliateReport(args: LoaderFunctionArgs) {
  await requireBackend(args);
  const id = parseRowId(args.params.id ?? "");
  if (id === null) throw notFound();
  const result = await fetchAffiliateReport(createApiClient(args), String(id));
  if (!result.ok && result.status === 404) throw notFound();
  const report = dataOf(result);
  const done = new URL(args.request.url).searchParams.get("done") ?? "";
  return data(
    {
      title: `${await titleOf(args.request, "affiliates", "affiliates.report.title")} ${report.affiliate.name}`,
      report,
      done: (AFFILIATE_STATE_DONE as readonly string[]).includes(done) ? (done as StateDone) : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

// The toggle's form: the state wanted ("0" off, "1" on) and the optional reason for the audit row.
const stateFormSchema = v.object(
  {
    active: v.picklist(["0", "1"], "validation.invalid"),
    reason: v.optional(v.pipe(v.string("validation.invalid"), v.trim(), v.maxLength(500, "validation.invalid"))),
  },
  "validation.required",
);

/** The report page's toggle (ADR 139): deactivate or reactivate the partner, then back to its report. */
export async function submitAffiliateState(args: ActionFunctionArgs) {
  const lang = await requireBackend(args);
  const id = parseRowId(args.params.id ?? "");
  if (id === null) throw notFound();
  const submission = await parseForm(args.request, stateFormSchema);
  if (submission.status !== "success")
    return data(
      { lastResult: submission.reply({ formErrors: ["validation.correct_all_fields"] }) },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  const active = submission.value.active === "1";
  const result = await setAffiliateState(createApiClient(args), String(id), {
    active,
    ...(submission.value.reason ? { reason: submission.value.reason } : {}),
  });
  if (!result.ok) {
    if (result.status === 404 || result.status === 403) throw notFound();
    return data({ lastResult: replyWithApiErrors(submission, result.errors, ["reason"]) }, { status: 400, headers: PRIVATE_HEADERS });
  }
  throw redirect(`${localePath(lang, `backoffice/affiliates/${id}`)}?done=${active ? "reactivated" : "deactivated"}`, {
    headers: PRIVATE_HEADERS,
  });
}
