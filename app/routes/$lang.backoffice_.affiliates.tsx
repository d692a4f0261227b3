/** backoffice/affiliates (issue 32 item 6, ADR 135): the partners and a form for a new one, backend accounts only. A thin adapter over app/features/affiliates. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { AffiliatesPage } from "~/features/affiliates/AffiliatePages";
import { loadAffiliates, submitNewAffiliate } from "~/features/affiliates/backoffice.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["affiliates", "accounting"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadAffiliates(args);

export const action = (args: ActionFunctionArgs) => submitNewAffiliate(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeAffiliatesRoute() {
  const { list, created } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <AffiliatesPage list={list} created={created} failure={answer ? readReply(answer.lastResult) : null} />;
}
