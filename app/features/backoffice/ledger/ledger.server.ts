/**
 * The ledger in the back office (issue 27 item 7, ADR 087): loaders and actions of its two pages. Backend accounts
 * only; everyone else, team included, gets the 404 of a page that does not exist (as the API answers). The member is
 * looked up by a GET form (the query string is the state); a staff action is a plain form post with the idempotency
 * key the loader rendered (new with every render), answered with a redirect, or with its errors next to the fields
 * and the input kept.
 */
import { randomUUID } from "node:crypto";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { staffLedgerFormSchema, STAFF_LEDGER_ACTIONS, type StaffLedgerAction } from "#server/contract/ledger-office";
import * as ledgerOffice from "~/api/ledger-office.server";
import { createApiClient } from "~/api/client.server";
import { localePath } from "~/i18n/lang";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { dataOf, notFound, requireBackend, titleOf as titleIn } from "../backend.server";

const titleOf = (request: Request, key: string) => titleIn(request, "ledger-office", key);

/** A fresh idempotency key for the page's money form (contract/wallet MONEY_KEY_PATTERN). */
const freshKey = () => randomUUID().replaceAll("-", "");

const isAction = (value: string | null): value is StaffLedgerAction => STAFF_LEDGER_ACTIONS.includes(value as StaffLedgerAction);

export async function loadLedger(args: LoaderFunctionArgs) {
  await requireBackend(args);
  const url = new URL(args.request.url);
  const member = (url.searchParams.get("member") ?? "").trim();
  const pageText = url.searchParams.get("page") ?? "1";
  const page = /^[1-9]\d{0,3}$/.test(pageText) ? Number(pageText) : 1;
  let ledger: ledgerOffice.LedgerOfficeMemberData | null = null;
  let memberError: string | null = null;
  if (member !== "") {
    const result = await ledgerOffice.fetchMemberLedger(createApiClient(args), member, page);
    if (result.ok) ledger = result.data;
    else if (result.status === 404 && result.errors.some((e) => e.source === "member"))
      memberError = "exception.ledger_office.member_not_found";
    else if (result.status === 400) memberError = result.errors[0]?.key ?? "validation.invalid";
    else dataOf(result);
  }
  const done = url.searchParams.get("done");
  return data(
    {
      title: await titleOf(args.request, "ledger_office.ledger.title"),
      member,
      memberError,
      ledger,
      key: freshKey(),
      done: isAction(done) ? done : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function submitLedgerAction(args: ActionFunctionArgs) {
  const lang = await requireBackend(args);
  const submission = await parseForm(args.request, staffLedgerFormSchema);
  if (submission.status !== "success")
    return data(
      { lastResult: submission.reply({ formErrors: ["validation.correct_all_fields"] }) },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  const value = submission.value;
  const result = await ledgerOffice.actOnLedger(createApiClient(args), value);
  if (!result.ok) {
    if (result.status === 404 && !result.errors.some((e) => e.source === "member")) throw notFound();
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, ["member", "action", "amount", "reason", "key"]) },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  const query = new URLSearchParams({ member: value.member, done: value.action });
  throw redirect(`${localePath(lang, "backoffice/ledger")}?${query.toString()}`, { headers: PRIVATE_HEADERS });
}

export async function loadReconciliation(args: LoaderFunctionArgs) {
  await requireBackend(args);
  const reports = dataOf(await ledgerOffice.fetchReconciliations(createApiClient(args)));
  return data(
    {
      title: await titleOf(args.request, "ledger_office.reconciliation.title"),
      reports: reports.items,
      ran: new URL(args.request.url).searchParams.get("done") === "ran",
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** "Run now": no input but the button; the API measures and stores, the page shows the new reports. */
export async function submitReconciliation(args: ActionFunctionArgs) {
  const lang = await requireBackend(args);
  dataOf(await ledgerOffice.reconcileNow(createApiClient(args)));
  throw redirect(`${localePath(lang, "backoffice/ledger/reconciliation")}?done=ran`, { headers: PRIVATE_HEADERS });
}
