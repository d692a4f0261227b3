/**
 * backoffice/landing-pages/{id|new} (issue 30 item 5, ADR 120): one SEO landing page's editor and its on/off switch.
 * A thin adapter over app/features/editors.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import { isLanguage } from "#server/contract/locales";
import { readReply } from "~/components/form/reply";
import { LandingPageEditorPage } from "~/features/editors/LandingPagesEditorPages";
import { loadLandingPageEditor, submitLandingPageEditor } from "~/features/editors/landing-pages-editor.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["editors"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadLandingPageEditor(args);

export const action = (args: ActionFunctionArgs) => submitLandingPageEditor(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeLandingPageRoute() {
  const { item, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { lang } = useParams();
  const failure = answer ? readReply(answer.lastResult) : null;
  return (
    <LandingPageEditorPage
      lang={isLanguage(lang) ? lang : "de"}
      item={item}
      done={failure ? null : done}
      failure={failure}
      intent={answer ? answer.intent : null}
    />
  );
}
