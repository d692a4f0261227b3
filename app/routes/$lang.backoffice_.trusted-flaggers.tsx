/** backoffice/trusted-flaggers (DSA Art. 22, ADRs 114, 115): backend accounts only, a 404 for everyone else. A thin adapter over app/features/transparency. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { TrustedFlaggersPage } from "~/features/transparency/TrustedFlaggersPage";
import { loadTrustedFlaggers, submitTrustedFlaggers } from "~/features/transparency/transparency.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["transparency"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadTrustedFlaggers(args);

export const action = (args: ActionFunctionArgs) => submitTrustedFlaggers(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeTrustedFlaggersRoute() {
  const { title, flaggers, periods, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const reply = answer ? readReply(answer.lastResult) : null;
  const intent = answer ? String((answer.lastResult.initialValue as Record<string, unknown> | undefined)?.intent ?? "") : "";
  return (
    <TrustedFlaggersPage
      title={title}
      flaggers={flaggers}
      periods={periods}
      done={reply ? null : done}
      failure={reply ? { ...reply, intent } : null}
    />
  );
}
