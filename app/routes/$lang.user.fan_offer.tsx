/** user/fan_offer: the creator's fan tiers (issue 28 item 3). A thin adapter over app/features/fans. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { FanTiersPage } from "~/features/fans/FansPages";
import { loadFanTiers, submitFanTier } from "~/features/fans/fans.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["fans"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadFanTiers(args);

export const action = (args: ActionFunctionArgs) => submitFanTier(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function FanOfferSettingsRoute() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <FanTiersPage {...page} reply={answer?.lastResult ? readReply(answer.lastResult) : null} />;
}
