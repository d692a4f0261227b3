/**
 * backoffice/translations (ADR 136, 139): the translation keys browsers reported missing, per language and namespace;
 * staff mark them fixed or dismiss them. A thin adapter over app/features/editors.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import { isLanguage } from "#server/contract/locales";
import { readReply } from "~/components/form/reply";
import { MissingKeysPage } from "~/features/editors/MissingKeysPage";
import { loadMissingKeys, submitMissingKey } from "~/features/editors/missing-keys.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["editors"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadMissingKeys(args);

export const action = (args: ActionFunctionArgs) => submitMissingKey(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeTranslationsRoute() {
  const { list, filter, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { lang } = useParams();
  const failure = answer ? readReply(answer.lastResult) : null;
  return <MissingKeysPage lang={isLanguage(lang) ? lang : "de"} list={list} filter={filter} done={done} failure={failure} />;
}
