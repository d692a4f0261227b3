/** user/ads (ADR 131): why ads show, "show no ads" for plus members, the partner-ads consent. A thin adapter over app/features/ads. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { AdSettingsPage } from "~/features/ads/AdSettingsPage";
import { loadAdSettings, submitAdSettings } from "~/features/ads/ads.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account", "ads"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadAdSettings(args);

export const action = (args: ActionFunctionArgs) => submitAdSettings(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function AdSettingsRoute() {
  const { settings, saved } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <AdSettingsPage settings={settings} saved={answer ? false : saved} reply={answer ? readReply(answer.lastResult) : null} />;
}
