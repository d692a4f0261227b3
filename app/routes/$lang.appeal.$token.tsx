/**
 * appeal/{token} (ADR 123, not a spec route): the complaint against a statement of reasons for a member who cannot sign
 * in (banned or suspended), through the signed link of the statement's mail. A thin adapter over app/features/appeals.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { AppealPage } from "~/features/appeals/AppealPage";
import { loadAppealByLink, submitAppealByLink } from "~/features/appeals/appeal.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["appeals", "statements"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadAppealByLink(args);

export const action = (args: ActionFunctionArgs) => submitAppealByLink(args);

// The token is the key: no referrer carries it to another site (same-origin keeps the Origin of its own form post,
// which the cross-site check asks for; no-referrer would send "null").
export const headers = () => ({ ...PRIVATE_HEADERS, "Referrer-Policy": "same-origin" });

export const meta = metaFromLoader({ noindex: true });

export default function AppealLinkRoute() {
  const { title, statement, expired, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <AppealPage
      title={title}
      statement={statement}
      report={null}
      done={done}
      failure={answer ? readReply(answer.lastResult) : null}
      signedOut={{ expired }}
    />
  );
}
