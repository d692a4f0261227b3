/**
 * The web tier's side of ad zones (ADR 131): a page's loader asks for its zone with `loadAdZone` (one call, answered
 * null on any failure: an ad never breaks a page), the click route counts and follows the campaign's stored address,
 * and user/ads shows why ads show and the member's switches. Every rule is the API's.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import {
  AD_PIXEL_GIF,
  AD_SEEN_TOKEN,
  ADS_PLUS_ONLY,
  ZONE_SIZES,
  adSettingsSchema,
  isAllowedAdTarget,
  type AdPageKey,
  type AdSize,
} from "#server/contract/ads";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { clickAd, countAdSeen, fetchAdSettings, fetchAdZone, saveAdSettings, type AdZoneData } from "~/api/ads.server";
import { createApiClient, type ApiClient } from "~/api/client.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { noStore } from "~/utils/cache-headers";
import { PRIVATE_HEADERS } from "~/utils/seo";

/** What a page's zone shows: the narrow box's placement and the wide one's (either may be null). */
export type AdZoneView = Pick<AdZoneData, "placement" | "wide">;

/**
 * The zone for this page — both sizes in one call (ZONE_SIZES; the profile's PROFILE_ZONE_SIZES) — or null (nothing
 * targets it, ads off, or the call failed). Nothing is counted here: the shown box's pixel counts (ADR 140).
 */
export async function loadAdZone(
  api: ApiClient,
  pageKey: AdPageKey,
  sizes: readonly AdSize[] = ZONE_SIZES,
  city?: string,
): Promise<AdZoneView | null> {
  try {
    const answer = await fetchAdZone(api, pageKey, sizes, city || undefined);
    if (!answer.ok || (!answer.data.placement && !answer.data.wide)) return null;
    return { placement: answer.data.placement, wide: answer.data.wide };
  } catch {
    return null;
  }
}

/**
 * A page's loader answer with its ad zone added (`ad`): the page's own loader and the zone's call run at once, the
 * headers of the page's answer kept. For pages whose loader belongs to another feature; the route places
 * <AdSlot> under the page.
 */
export async function withAdZone<Answer extends { data: object; init: ResponseInit | null }>(
  args: LoaderFunctionArgs,
  pageKey: AdPageKey,
  page: Promise<Answer>,
  sizes: readonly AdSize[] = ZONE_SIZES,
) {
  const [answer, ad] = await Promise.all([page, loadAdZone(createApiClient(args), pageKey, sizes)]);
  return data({ ...(answer.data as Answer["data"]), ad }, answer.init ?? undefined);
}

/**
 * /ads/seen/{id}?k=…: the shown box's pixel. The API counts it when the signature is good; the browser gets the same
 * transparent GIF whatever the API says (an ad never breaks a page), never cached, so each render's pixel reaches us.
 */
export async function countAdPixel({ request, context, params }: LoaderFunctionArgs) {
  const id = Number(params.id);
  const token = new URL(request.url).searchParams.get("k") ?? "";
  if (Number.isSafeInteger(id) && id > 0 && AD_SEEN_TOKEN.test(token)) {
    try {
      const answer = await countAdSeen(createApiClient({ request, context }), id, token);
      await answer.body?.cancel();
    } catch {
      // Counting is the API's; the page's pixel is answered regardless.
    }
  }
  return new Response(PIXEL, {
    status: 200,
    headers: { ...noStore(), "Content-Type": "image/gif", "X-Content-Type-Options": "nosniff", "X-Robots-Tag": "noindex" },
  });
}
const PIXEL = Buffer.from(AD_PIXEL_GIF, "base64");

const langOf = (params: LoaderFunctionArgs["params"]) => (isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE);

/** ads/click/{id}: counts the click, then goes where the campaign says — the API answers only its stored address. */
export async function followAdClick({ request, context, params }: LoaderFunctionArgs) {
  const id = Number(params.id);
  const home = localePath(langOf(params), "");
  if (!Number.isSafeInteger(id) || id <= 0) throw redirect(home, { headers: PRIVATE_HEADERS });
  const answer = await clickAd(createApiClient({ request, context }), id);
  // Checked here once more: a stored address that is not https or an internal path is never followed.
  const target = answer.ok && isAllowedAdTarget(answer.data.targetUrl) ? answer.data.targetUrl : home;
  throw redirect(target, { headers: { ...PRIVATE_HEADERS, "X-Robots-Tag": "noindex" } });
}

export async function loadAdSettings({ request, context }: LoaderFunctionArgs) {
  const api = createApiClient({ request, context });
  const t = await i18nServer.getFixedT(request);
  const title = t("ads.settings.title", { ns: "ads" });
  const saved = new URL(request.url).searchParams.get("saved") === "1";
  if (!api.session.token) return data({ title, settings: null, saved: false }, { headers: PRIVATE_HEADERS });
  const settings = await fetchAdSettings(api);
  if (!settings.ok) {
    if (settings.status === 401) return data({ title, settings: null, saved: false }, { headers: PRIVATE_HEADERS });
    throw new Response(null, { status: 503, headers: PRIVATE_HEADERS });
  }
  return data({ title, settings: settings.data, saved }, { headers: PRIVATE_HEADERS });
}

/** Saves both switches; the plus-only refusal shows next to its checkbox, the other choice kept. */
export async function submitAdSettings({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, adSettingsSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await saveAdSettings(createApiClient({ request, context }), submission.value);
  if (!result.ok) {
    const errors = result.errors.map((error) => (error.key === ADS_PLUS_ONLY ? { ...error, source: "ads_off" } : error));
    return data(
      { lastResult: replyWithApiErrors(submission, errors, ["ads_off", "third_party_ads"]) },
      { status: result.status === 403 ? 403 : 400, headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(`${localePath(langOf(params), "user/ads")}?saved=1`, { headers: PRIVATE_HEADERS });
}
