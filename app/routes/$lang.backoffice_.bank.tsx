/** backoffice/bank (issue 26 item 7, ADR 080): the unmatched bank lines and their assignment, backend accounts only. A thin adapter over app/features/backoffice/money. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { BankPage } from "~/features/backoffice/money/BankPages";
import { loadBank, submitAssign } from "~/features/backoffice/money/money.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["accounting"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadBank(args);

export const action = (args: ActionFunctionArgs) => submitAssign(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeBankRoute() {
  const { lines, imported, assigned, files, built, listed } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const failure = answer ? readReply(answer.lastResult) : null;
  return <BankPage lines={lines} imported={imported} assigned={assigned} files={files} built={built} listed={listed} failure={failure} />;
}
