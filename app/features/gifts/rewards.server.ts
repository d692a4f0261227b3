/** user/token_rewards and user/share_kaufmich (issue 27 item 4, ADR 085): the rewards and the personal invite link. */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { TOKEN_REWARDS } from "#server/contract/gifts";
import { createApiClient } from "~/api/client.server";
import { fetchShareState, fetchTokenRewards } from "~/api/gifts.server";
import { requireViewer } from "~/api/viewer.server";
import { brand } from "~/brand/brand";
import { i18nServer } from "~/i18n/i18next.server";
import { PRIVATE_HEADERS, publicOrigin } from "~/utils/seo";

const unavailable = (status: number) => new Response(null, { status: status >= 500 ? 503 : status, headers: PRIVATE_HEADERS });

export async function loadTokenRewards({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const rewards = await fetchTokenRewards(createApiClient({ request, context }));
  if (!rewards.ok) throw unavailable(rewards.status);
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("gifts.rewards.title"), rewards: rewards.data }, { headers: PRIVATE_HEADERS });
}

export async function loadShare({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const share = await fetchShareState(createApiClient({ request, context }));
  if (!share.ok) throw unavailable(share.status);
  const t = await i18nServer.getFixedT(request);
  // The link as the member shares it: the site's public origin, the page's language, the invitation page of the code.
  const link = `${publicOrigin()}/${params.lang ?? "de"}/invitation-code/${encodeURIComponent(share.data.code)}`;
  const inviteReward = TOKEN_REWARDS.find((reward) => reward.kind === "invite_verified")!.dollars;
  return data(
    { title: t("gifts.share.title", { brand: brand.name }), link, share: share.data, inviteReward },
    { headers: PRIVATE_HEADERS },
  );
}
