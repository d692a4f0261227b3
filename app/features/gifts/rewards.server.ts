/**
 * user/token_rewards and user/share_kaufmich (issue 27 item 4, ADR 085): the rewards and the personal invite link. The
 * rewards page only reads; a reward earned where no hook granted it is claimed with the page's one POST form.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { TOKEN_REWARDS } from "#server/contract/gifts";
import { isLanguage } from "#server/contract/locales";
import { walletPaths } from "#server/contract/wallet";
import { createApiClient } from "~/api/client.server";
import { claimTokenRewards, fetchShareState, fetchTokenRewards } from "~/api/gifts.server";
import { requireViewer } from "~/api/viewer.server";
import { brand } from "~/brand/brand";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS, publicOrigin } from "~/utils/seo";

const unavailable = (status: number) => new Response(null, { status: status >= 500 ? 503 : status, headers: PRIVATE_HEADERS });

export async function loadTokenRewards({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const rewards = await fetchTokenRewards(createApiClient({ request, context }));
  if (!rewards.ok) throw unavailable(rewards.status);
  const t = await i18nServer.getFixedT(request);
  const claimed = new URL(request.url).searchParams.get("done") === "claimed";
  return data({ title: t("gifts.rewards.title"), rewards: rewards.data, claimed }, { headers: PRIVATE_HEADERS });
}

/** The claim form: a button and its intent. */
const claimFormSchema = v.object({ intent: v.literal("claim", "validation.invalid") }, "validation.invalid");

/** POST user/token_rewards: claims what was earned and not granted, then back to the page (redirect after post). */
export async function submitTokenRewards({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, claimFormSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const claimed = await claimTokenRewards(createApiClient({ request, context }));
  if (!claimed.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, claimed.errors) },
      { status: claimed.status >= 500 ? 503 : 400, headers: PRIVATE_HEADERS },
    );
  const lang = isLanguage(params.lang) ? params.lang : "de";
  throw redirect(`${walletPaths.tokenRewards(lang)}?done=claimed`, { headers: PRIVATE_HEADERS });
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
