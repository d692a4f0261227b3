/** user/share_kaufmich (issue 27 item 4, the spec's path): the member's invite link under the brand's name. A thin adapter over app/features/gifts. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { loadShare } from "~/features/gifts/rewards.server";
import { SharePage } from "~/features/gifts/RewardsPages";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["gifts"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadShare(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function ShareRoute() {
  const { title, link, share, inviteReward } = useLoaderData<typeof loader>();
  return <SharePage title={title} link={link} share={share} inviteReward={inviteReward} />;
}
