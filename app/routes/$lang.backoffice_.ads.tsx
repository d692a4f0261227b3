/** backoffice/ads (ADR 131): house ad campaigns for staff with content.edit; a 404 for everyone else. A thin adapter over app/features/ads. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import { isLanguage } from "#server/contract/locales";
import { readReply } from "~/components/form/reply";
import { BackofficeAdsPage } from "~/features/ads/BackofficeAdsPage";
import { loadAdsBackoffice, submitAdsBackoffice } from "~/features/ads/backoffice.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["ads"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadAdsBackoffice(args);

export const action = (args: ActionFunctionArgs) => submitAdsBackoffice(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeAdsRoute() {
  const { campaigns, saved } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { lang } = useParams();
  return (
    <BackofficeAdsPage
      lang={isLanguage(lang) ? lang : "de"}
      campaigns={campaigns}
      saved={answer ? false : saved}
      reply={answer ? readReply(answer.lastResult) : null}
    />
  );
}
