/**
 * backoffice/ads (ADR 131): house campaigns with impressions, clicks and CTR per campaign and per creative; create,
 * edit and pause campaigns and creatives. Staff with content.edit only (a 404 page for everyone else); every rule
 * and the audit row are the API's. Four forms on one page, told apart by `intent`; a refused one shows its errors at
 * its own fields, the rest of the page as it was.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import {
  AD_IMAGE_ERRORS,
  AD_IMAGE_FIELD,
  AD_IMAGE_MAX_BYTES,
  adCampaignEntries,
  adCreativeSchema,
  ENDS_BEFORE_START,
  endsNotBeforeStart,
} from "#server/contract/ads";
import type { ErrorItem } from "#server/contract/errors";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import {
  createAdCampaign,
  createAdCreative,
  fetchAdCampaigns,
  updateAdCampaign,
  updateAdCreative,
  uploadAdCreativeImage,
} from "~/api/ads.server";
import { createApiClient } from "~/api/client.server";
import { rowIdField } from "~/components/form/schema";
import { requireStaffPage, staffPageNotFound } from "~/features/backoffice/staff-access.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { parseForm, replyWithApiErrors, streamedReply } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { IMAGE_INTENT } from "./intents";

const PERMISSION = "content.edit";

export const AD_INTENTS = ["create_campaign", "update_campaign", "create_creative", "update_creative"] as const;
export type AdIntent = (typeof AD_INTENTS)[number];

const idField = { id: rowIdField("exception.common.not_found") };
// The end-day rule is the contract's (endsNotBeforeStart); each form repeats only the one line that applies it.
const createCampaignForm = v.pipe(
  v.object({ intent: v.literal("create_campaign"), ...adCampaignEntries }, "validation.required"),
  v.forward(
    v.check((input) => endsNotBeforeStart(input), ENDS_BEFORE_START),
    ["ends_on"],
  ),
);
const updateCampaignForm = v.pipe(
  v.object({ intent: v.literal("update_campaign"), ...idField, ...adCampaignEntries }, "validation.required"),
  v.forward(
    v.check((input) => endsNotBeforeStart(input), ENDS_BEFORE_START),
    ["ends_on"],
  ),
);
const creativeForm = (intent: "create_creative" | "update_creative") =>
  v.object({ intent: v.literal(intent), ...idField, ...adCreativeSchema.entries }, "validation.required");

const FORMS = {
  create_campaign: createCampaignForm,
  update_campaign: updateCampaignForm,
  create_creative: creativeForm("create_creative"),
  update_creative: creativeForm("update_creative"),
};

const CAMPAIGN_FIELDS = ["name", "starts_on", "ends_on", "page_keys", "languages", "channels", "cities", "daily_cap", "paused"];
const CREATIVE_FIELDS = ["size", "headline", "text", "target_url", "alt_de", "alt_en", "alt_es", "alt_pl", "paused"];

const langOf = (params: LoaderFunctionArgs["params"]) => (isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE);

export async function loadAdsBackoffice({ request, context }: LoaderFunctionArgs) {
  await requireStaffPage(request, context, PERMISSION);
  const result = await fetchAdCampaigns(createApiClient({ request, context }));
  if (!result.ok) throw result.status === 403 ? staffPageNotFound() : new Response(null, { status: 503, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t("ads.backoffice.title", { ns: "ads" }),
      campaigns: result.data.items,
      saved: new URL(request.url).searchParams.get("done") === "saved",
    },
    { headers: PRIVATE_HEADERS },
  );
}

const imageError = (key: string, code: number, params?: Record<string, number>): ErrorItem => ({
  code,
  title: key,
  message: key,
  key,
  source: AD_IMAGE_FIELD,
  ...(params ? { params } : {}),
});

/**
 * The image form posts multipart to `?form=image&id={creative}` (ADR 140): the body goes to the API as it arrives;
 * a refusal comes back at the file field of that creative's form.
 */
async function submitImage({ request, context, params }: ActionFunctionArgs, idText: string | null) {
  const id = Number(idText);
  const refuse = (errors: readonly ErrorItem[], status: number) =>
    data(
      { lastResult: streamedReply(errors, (source) => source || undefined, { intent: IMAGE_INTENT, id: String(id) }) },
      { status, headers: PRIVATE_HEADERS },
    );
  if (!Number.isSafeInteger(id) || id <= 0) return refuse([imageError("exception.common.not_found", 404)], 404);
  const contentType = request.headers.get("content-type") ?? "";
  const contentLength = request.headers.get("content-length");
  if (!request.body || !/^multipart\/form-data/i.test(contentType)) return refuse([imageError(AD_IMAGE_ERRORS.required, 400)], 400);
  // A body far past the cap is refused here without a round trip (the API counts the bytes again as they stream).
  if (Number(contentLength ?? 0) > AD_IMAGE_MAX_BYTES + 64 * 1024)
    return refuse([imageError(AD_IMAGE_ERRORS.tooLarge, 413, { max: AD_IMAGE_MAX_BYTES })], 413);
  const response = await uploadAdCreativeImage(createApiClient({ request, context }), id, {
    stream: request.body,
    contentType,
    contentLength,
  });
  if (response.status === 403) throw staffPageNotFound();
  if (response.status !== 200) {
    const body = (await response.json().catch(() => ({}))) as { errors?: ErrorItem[] };
    const errors = body.errors?.length ? body.errors : [imageError("exception.common.something_wrong_happened", response.status)];
    return refuse(
      errors.map((error) => ({ ...error, source: AD_IMAGE_FIELD })),
      [400, 404, 413].includes(response.status) ? response.status : 503,
    );
  }
  throw redirect(`${localePath(langOf(params), "backoffice/ads")}?done=saved`, { headers: PRIVATE_HEADERS });
}

export async function submitAdsBackoffice(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  await requireStaffPage(request, context, PERMISSION);
  const query = new URL(request.url).searchParams;
  if (query.get("form") === "image") return submitImage(args, query.get("id"));
  // Which of the page's forms was sent decides the schema the whole post is read with.
  const sent = await parseForm(request.clone(), v.looseObject({ intent: v.picklist(AD_INTENTS) }));
  const intent: AdIntent = sent.status === "success" ? sent.value.intent : "create_campaign";
  const submission = await parseForm(request, FORMS[intent] as v.GenericSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const api = createApiClient({ request, context });
  const value = submission.value as Record<string, unknown> & { id?: number };
  const { intent: _intent, id, ...body } = value;
  const result =
    intent === "create_campaign"
      ? await createAdCampaign(api, body as never)
      : intent === "update_campaign"
        ? await updateAdCampaign(api, id!, body as never)
        : intent === "create_creative"
          ? await createAdCreative(api, id!, body as never)
          : await updateAdCreative(api, id!, body as never);
  if (!result.ok) {
    if (result.status === 403) throw staffPageNotFound();
    const fields = intent.endsWith("campaign") ? CAMPAIGN_FIELDS : CREATIVE_FIELDS;
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, fields) },
      { status: result.status >= 500 ? 503 : result.status === 404 ? 404 : 400, headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(`${localePath(langOf(params), "backoffice/ads")}?done=saved`, { headers: PRIVATE_HEADERS });
}
