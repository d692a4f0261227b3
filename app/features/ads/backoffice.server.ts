/**
 * backoffice/ads (ADR 131): house campaigns with impressions, clicks and CTR per campaign and per creative; create,
 * edit and pause campaigns and creatives. Staff with content.edit only (a 404 page for everyone else); every rule
 * and the audit row are the API's. Four forms on one page, told apart by `intent`; a refused one shows its errors at
 * its own fields, the rest of the page as it was.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { adCampaignEntries, adCreativeSchema, ENDS_BEFORE_START, endsNotBeforeStart } from "#server/contract/ads";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { createAdCampaign, createAdCreative, fetchAdCampaigns, updateAdCampaign, updateAdCreative } from "~/api/ads.server";
import { createApiClient } from "~/api/client.server";
import { rowIdField } from "~/components/form/schema";
import { requireStaffPage, staffPageNotFound } from "~/features/backoffice/staff-access.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

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

export async function submitAdsBackoffice({ request, context, params }: ActionFunctionArgs) {
  await requireStaffPage(request, context, PERMISSION);
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
