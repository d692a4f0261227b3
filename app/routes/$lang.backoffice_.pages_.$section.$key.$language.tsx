/** backoffice/pages/{section}/{key}/{language} (issue 30 item 5, ADR 120): one page's editor. A thin adapter over app/features/editors. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import { isLanguage } from "#server/contract/locales";
import { readReply } from "~/components/form/reply";
import { PageEditorPage } from "~/features/editors/PageEditorPages";
import { loadPageEditor, submitPageEditor } from "~/features/editors/page-editor.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["editors"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadPageEditor(args);

export const action = (args: ActionFunctionArgs) => submitPageEditor(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficePageEditorRoute() {
  const { page, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { lang } = useParams();
  const failure = answer ? readReply(answer.lastResult) : null;
  return (
    <PageEditorPage
      lang={isLanguage(lang) ? lang : "de"}
      page={page}
      done={failure ? null : done}
      failure={failure}
      intent={answer ? String(answer.intent) : null}
    />
  );
}
