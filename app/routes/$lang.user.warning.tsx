/**
 * user/warning (ADR 121): the member's own entry on the escorts' warning list and the objection form. A thin adapter
 * over app/features/warnings.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import { isLanguage } from "#server/contract/locales";
import { readReply } from "~/components/form/reply";
import { OwnWarningPage } from "~/features/warnings/OwnWarningPage";
import { loadOwnWarning, submitObjection } from "~/features/warnings/warnings.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["warnings", "reports"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadOwnWarning(args);

export const action = (args: ActionFunctionArgs) => submitObjection(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function OwnWarningRoute() {
  const { title, warning, objected } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { lang } = useParams();
  return (
    <OwnWarningPage
      lang={isLanguage(lang) ? lang : "de"}
      title={title}
      warning={warning}
      objected={objected}
      failure={answer ? readReply(answer.lastResult) : null}
    />
  );
}
