/** /{lang}/community/language?id={lang} (spec section 7 "a language-change path with an id query"; ADR 134). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { ForumLanguagePage } from "~/features/forum/ForumLanguagePage";
import { loadForumLanguage, submitForumLanguage } from "~/features/forum/forum.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["forum"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadForumLanguage(args);

export const action = (args: ActionFunctionArgs) => submitForumLanguage(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function ForumLanguageRoute() {
  const { language } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <ForumLanguagePage language={language} errorKey={answer?.errorKey ?? null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
