/** backoffice/bank/import (issue 26 item 7, ADR 080): a camt.053/054 statement's upload, backend accounts only. A thin adapter over app/features/backoffice/money. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { BankImportPage } from "~/features/backoffice/money/BankPages";
import { loadBankImport, submitBankImport } from "~/features/backoffice/money/money.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["accounting"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadBankImport(args);

export const action = (args: ActionFunctionArgs) => submitBankImport(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeBankImportRoute() {
  const answer = useActionData<typeof action>();
  return <BankImportPage failure={answer ? readReply(answer.lastResult) : null} />;
}
