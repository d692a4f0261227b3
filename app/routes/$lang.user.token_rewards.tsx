/** user/token_rewards (issue 27 item 4): the dollars the platform grants for real actions. A thin adapter over app/features/gifts. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadTokenRewards, submitTokenRewards } from "~/features/gifts/rewards.server";
import { TokenRewardsPage } from "~/features/gifts/RewardsPages";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["gifts"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadTokenRewards(args);

export const action = (args: ActionFunctionArgs) => submitTokenRewards(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function TokenRewardsRoute() {
  const { title, rewards, claimed } = useLoaderData<typeof loader>();
  return <TokenRewardsPage title={title} rewards={rewards} claimed={claimed} />;
}
