/** backoffice/ledger (issue 27 item 7, ADR 087): a member's ledger and the staff action form, backend accounts only. A thin adapter over app/features/backoffice/ledger. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { LedgerPage } from "~/features/backoffice/ledger/LedgerPage";
import { loadLedger, submitLedgerAction } from "~/features/backoffice/ledger/ledger.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["ledger-office", "accounting"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadLedger(args);

export const action = (args: ActionFunctionArgs) => submitLedgerAction(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeLedgerRoute() {
  const { member, memberError, ledger, key, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure = answer ? readReply(answer.lastResult) : null;
  return <LedgerPage member={member} memberError={memberError} ledger={ledger} formKey={key} done={done} failure={failure} />;
}
