/**
 * backoffice/announcements (ADR 044, ADR 120): staff write announcements for the bar in every language, edit and end
 * them. A thin adapter over app/features/editors.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import { isLanguage } from "#server/contract/locales";
import { readReply } from "~/components/form/reply";
import { AnnouncementsEditorPage } from "~/features/editors/AnnouncementsEditorPage";
import { loadAnnouncementsEditor, submitAnnouncementsEditor } from "~/features/editors/announcements-editor.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["editors"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadAnnouncementsEditor(args);

export const action = (args: ActionFunctionArgs) => submitAnnouncementsEditor(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeAnnouncementsRoute() {
  const { items, editing, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { lang } = useParams();
  const failure = answer ? readReply(answer.lastResult) : null;
  return (
    <AnnouncementsEditorPage
      lang={isLanguage(lang) ? lang : "de"}
      items={items}
      editing={editing}
      done={failure ? null : done}
      failure={failure}
      intent={answer ? answer.intent : null}
    />
  );
}
