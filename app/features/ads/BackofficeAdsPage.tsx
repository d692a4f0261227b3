/**
 * backoffice/ads, the page (ADR 131): each campaign with its numbers and its creatives' numbers, and plain forms in
 * <details> (no script needed) to edit or pause a campaign, add or edit a creative, and create a campaign. A refused
 * form opens again with what was sent and its errors at its fields.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  AD_ALT_MAX,
  AD_IMAGE_ACCEPT,
  AD_IMAGE_FIELD,
  AD_IMAGE_MAX_BYTES,
  adImageSizes,
  AD_CHANNELS,
  AD_DAILY_CAP_MAX,
  AD_HEADLINE_MAX,
  AD_NAME_MAX,
  AD_PAGE_KEYS,
  AD_SIZE_NAMES,
  AD_TEXT_MAX,
  AD_URL_MAX,
} from "#server/contract/ads";
import { SUPPORTED_LANGUAGES, type Language } from "#server/contract/locales";
import type { AdCampaignData, AdCreativeData } from "~/api/ads.server";
import { Field, FormErrors } from "~/components/Field";
import { CheckboxField, SelectField } from "~/components/FieldControls";
import { ErrorLine } from "~/components/form/ErrorLine";
import { errorsBesides, type FormReply } from "~/components/form/reply";
import { localePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import * as css from "./ads.css";
import { IMAGE_INTENT } from "./intents";

/** The reply of the form it belongs to (same intent and id), else null. */
function replyFor(reply: FormReply | null, intent: string, id: number | null): FormReply | null {
  if (!reply || reply.intent !== intent) return null;
  return id === null || Number(reply.input.id) === id ? reply : null;
}

const listOfInput = (reply: FormReply, name: string): string[] => {
  const value = reply.input[name];
  return Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : [];
};

function ChoiceGroup({
  name,
  legend,
  choices,
  chosen,
  label,
  prefix,
  errors,
}: {
  name: string;
  legend: string;
  choices: readonly string[];
  chosen: readonly string[];
  label: (choice: string) => string;
  prefix: string;
  errors?: string[];
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={ui.stack} style={{ border: 0, padding: 0, margin: 0 }}>
      <legend className={ui.label}>{legend}</legend>
      <div className={css.checks}>
        {choices.map((choice) => (
          <label key={choice} className={css.check}>
            <input type="checkbox" name={name} value={choice} defaultChecked={chosen.includes(choice)} />
            {label(choice)}
          </label>
        ))}
      </div>
      <ErrorLine id={`${prefix}-${name}-error`} name={name} message={errors?.[0] ? translateMessage(t, errors[0]) : undefined} />
    </fieldset>
  );
}

function CampaignForm({ campaign, reply }: { campaign: AdCampaignData | null; reply: FormReply | null }) {
  const { t } = useTranslation("ads");
  const intent = campaign ? "update_campaign" : "create_campaign";
  const prefix = campaign ? `campaign-${campaign.id}` : "campaign-new";
  const text = (name: string, stored: string) =>
    reply ? (typeof reply.input[name] === "string" ? String(reply.input[name]) : "") : stored;
  const list = (name: string, stored: readonly string[]) => (reply ? listOfInput(reply, name) : stored);
  const errors = (name: string) => reply?.fieldErrors[name];
  return (
    <Form method="post" className={ui.stack} data-testid={`${prefix}-form`}>
      <input type="hidden" name="intent" value={intent} />
      {campaign ? <input type="hidden" name="id" value={campaign.id} /> : null}
      {reply ? <FormErrors errors={errorsBesides(reply, CAMPAIGN_FIELDS_SHOWN)} /> : null}
      <Field
        id={`${prefix}-name`}
        name="name"
        label={t("ads.backoffice.name")}
        maxLength={AD_NAME_MAX}
        defaultValue={text("name", campaign?.name ?? "")}
        errors={errors("name")}
      />
      <Field
        id={`${prefix}-starts`}
        name="starts_on"
        type="date"
        label={t("ads.backoffice.starts_on")}
        defaultValue={text("starts_on", campaign?.startsOn ?? "")}
        errors={errors("starts_on")}
      />
      <Field
        id={`${prefix}-ends`}
        name="ends_on"
        type="date"
        label={t("ads.backoffice.ends_on")}
        defaultValue={text("ends_on", campaign?.endsOn ?? "")}
        errors={errors("ends_on")}
      />
      <ChoiceGroup
        name="page_keys"
        prefix={prefix}
        legend={t("ads.backoffice.page_keys")}
        choices={AD_PAGE_KEYS}
        chosen={list("page_keys", campaign?.pageKeys ?? [])}
        label={(choice) => choice}
        errors={errors("page_keys")}
      />
      <ChoiceGroup
        name="languages"
        prefix={prefix}
        legend={t("ads.backoffice.languages")}
        choices={SUPPORTED_LANGUAGES}
        chosen={list("languages", campaign?.languages ?? [])}
        label={(choice) => choice.toUpperCase()}
        errors={errors("languages")}
      />
      <ChoiceGroup
        name="channels"
        prefix={prefix}
        legend={t("ads.backoffice.channels")}
        choices={AD_CHANNELS}
        chosen={list("channels", campaign?.channels ?? [])}
        label={(choice) => t(`ads.backoffice.channel.${choice}`)}
        errors={errors("channels")}
      />
      <Field
        id={`${prefix}-cities`}
        name="cities"
        label={t("ads.backoffice.cities")}
        defaultValue={text("cities", campaign?.cities.join(", ") ?? "")}
        errors={errors("cities")}
      />
      <Field
        id={`${prefix}-cap`}
        name="daily_cap"
        type="number"
        inputMode="numeric"
        min={1}
        max={AD_DAILY_CAP_MAX}
        label={t("ads.backoffice.daily_cap")}
        defaultValue={text("daily_cap", campaign?.dailyCap === null || !campaign ? "" : String(campaign.dailyCap))}
        errors={errors("daily_cap")}
      />
      <CheckboxField
        id={`${prefix}-paused`}
        name="paused"
        label={t("ads.backoffice.paused")}
        defaultChecked={reply ? reply.input.paused === "on" : (campaign?.paused ?? false)}
      />
      <div>
        <button className={ui.button} type="submit">
          {campaign ? t("ads.backoffice.save") : t("ads.backoffice.create")}
        </button>
      </div>
    </Form>
  );
}

const CAMPAIGN_FIELDS_SHOWN = ["name", "starts_on", "ends_on", "page_keys", "languages", "channels", "cities", "daily_cap", "paused"];
const CREATIVE_FIELDS_SHOWN = ["size", "headline", "text", "target_url", "alt_de", "alt_en", "alt_es", "alt_pl", "paused"];

function CreativeForm({ campaignId, creative, reply }: { campaignId: number; creative: AdCreativeData | null; reply: FormReply | null }) {
  const { t } = useTranslation("ads");
  const prefix = creative ? `creative-${creative.id}` : `creative-new-${campaignId}`;
  const text = (name: string, stored: string) =>
    reply ? (typeof reply.input[name] === "string" ? String(reply.input[name]) : "") : stored;
  const errors = (name: string) => reply?.fieldErrors[name];
  const alts: Record<Language, string> = {
    de: creative?.altDe ?? "",
    en: creative?.altEn ?? "",
    es: creative?.altEs ?? "",
    pl: creative?.altPl ?? "",
  };
  return (
    <Form method="post" className={ui.stack} data-testid={`${prefix}-form`}>
      <input type="hidden" name="intent" value={creative ? "update_creative" : "create_creative"} />
      <input type="hidden" name="id" value={creative ? creative.id : campaignId} />
      {reply ? <FormErrors errors={errorsBesides(reply, CREATIVE_FIELDS_SHOWN)} /> : null}
      <SelectField
        id={`${prefix}-size`}
        name="size"
        label={t("ads.backoffice.size")}
        options={AD_SIZE_NAMES.map((size) => ({ value: size, label: size }))}
        defaultValue={text("size", creative?.size ?? "320x100")}
        errors={errors("size")}
      />
      <Field
        id={`${prefix}-headline`}
        name="headline"
        label={t("ads.backoffice.headline")}
        maxLength={AD_HEADLINE_MAX}
        defaultValue={text("headline", creative?.headline ?? "")}
        errors={errors("headline")}
      />
      <Field
        id={`${prefix}-text`}
        name="text"
        label={t("ads.backoffice.text")}
        maxLength={AD_TEXT_MAX}
        defaultValue={text("text", creative?.text ?? "")}
        errors={errors("text")}
      />
      <Field
        id={`${prefix}-target`}
        name="target_url"
        label={t("ads.backoffice.target_url")}
        maxLength={AD_URL_MAX}
        defaultValue={text("target_url", creative?.targetUrl ?? "")}
        errors={errors("target_url")}
      />
      {SUPPORTED_LANGUAGES.map((language) => (
        <Field
          key={language}
          id={`${prefix}-alt-${language}`}
          name={`alt_${language}`}
          label={t("ads.backoffice.alt", { language: language.toUpperCase() })}
          maxLength={AD_ALT_MAX}
          defaultValue={text(`alt_${language}`, alts[language])}
          errors={errors(`alt_${language}`)}
        />
      ))}
      <CheckboxField
        id={`${prefix}-paused`}
        name="paused"
        label={t("ads.backoffice.paused")}
        defaultChecked={reply ? reply.input.paused === "on" : (creative?.paused ?? false)}
      />
      <div>
        <button className={ui.button} type="submit">
          {creative ? t("ads.backoffice.save") : t("ads.backoffice.create")}
        </button>
      </div>
    </Form>
  );
}

/**
 * The creative's image (ADR 140): a plain multipart form, posted to the page with the creative named in the query
 * (the body is streamed to the API unread). A refusal shows at the file field of this creative only.
 */
function ImageForm({ lang, creative, reply }: { lang: Language; creative: AdCreativeData; reply: FormReply | null }) {
  const { t } = useTranslation("ads");
  const sizes = adImageSizes(creative.size)
    .map((s) => `${s.width}×${s.height}`)
    .join(", ");
  const max = new Intl.NumberFormat(lang, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 }).format(AD_IMAGE_MAX_BYTES / 1000);
  return (
    <form
      method="post"
      encType="multipart/form-data"
      action={`${localePath(lang, "backoffice/ads")}?form=image&id=${creative.id}`}
      className={ui.stack}
      data-testid={`creative-${creative.id}-image-form`}
    >
      {reply ? <FormErrors errors={errorsBesides(reply, [AD_IMAGE_FIELD])} /> : null}
      {creative.imageUrl ? (
        <figure style={{ margin: 0 }}>
          <figcaption className={ui.muted}>{t("ads.backoffice.image_current")}</figcaption>
          <img
            src={creative.imageUrl}
            width={Number(creative.size.split("x")[0])}
            height={Number(creative.size.split("x")[1])}
            alt={{ de: creative.altDe, en: creative.altEn, es: creative.altEs, pl: creative.altPl }[lang]}
            loading="lazy"
            className={css.preview}
          />
        </figure>
      ) : null}
      <Field
        id={`creative-${creative.id}-image`}
        name={AD_IMAGE_FIELD}
        type="file"
        accept={AD_IMAGE_ACCEPT}
        required
        label={t("ads.backoffice.image", { size: creative.size, sizes, max })}
        errors={reply?.fieldErrors[AD_IMAGE_FIELD]}
      />
      <div>
        <button className={ui.button} type="submit">
          {t("ads.backoffice.image_upload")}
        </button>
      </div>
    </form>
  );
}

function Numbers({ lang, impressions, clicks }: { lang: Language; impressions: number; clicks: number }) {
  const { t } = useTranslation("ads");
  const count = new Intl.NumberFormat(lang);
  const rate = new Intl.NumberFormat(lang, { style: "percent", maximumFractionDigits: 2 });
  return (
    <span data-testid="ad-numbers">
      {t("ads.backoffice.impressions")}: {count.format(impressions)} · {t("ads.backoffice.clicks")}: {count.format(clicks)} ·{" "}
      {t("ads.backoffice.ctr")}: {impressions > 0 ? rate.format(clicks / impressions) : "–"}
    </span>
  );
}

export function BackofficeAdsPage({
  lang,
  campaigns,
  saved,
  reply,
}: {
  lang: Language;
  campaigns: AdCampaignData[];
  saved: boolean;
  reply: FormReply | null;
}) {
  const { t } = useTranslation("ads");
  const date = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeZone: "UTC" });
  const day = (value: string) => date.format(new Date(`${value}T00:00:00Z`));
  const newCampaignReply = replyFor(reply, "create_campaign", null);
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <p>
          <Link to={localePath(lang, "backoffice")}>{t("ads.backoffice.back_office")}</Link>
        </p>
        <h1>{t("ads.backoffice.title")}</h1>
        <p className={ui.muted}>{t("ads.backoffice.intro")}</p>
        {saved ? (
          <p className={ui.notice} role="status" data-testid="ads-saved">
            {t("ads.backoffice.done_saved")}
          </p>
        ) : null}
        <details className={ui.card} open={newCampaignReply !== null} data-testid="ads-new-campaign">
          <summary className={css.summary}>{t("ads.backoffice.new_campaign")}</summary>
          <CampaignForm campaign={null} reply={newCampaignReply} />
        </details>
        {campaigns.length === 0 ? (
          <p className={ui.card} data-testid="ads-empty">
            {t("ads.backoffice.empty")}
          </p>
        ) : (
          <ul className={ui.plainList} data-testid="ads-campaigns">
            {campaigns.map((campaign) => {
              const editReply = replyFor(reply, "update_campaign", campaign.id);
              const newCreativeReply = replyFor(reply, "create_creative", campaign.id);
              return (
                <li key={campaign.id} className={`${ui.card} ${ui.stack}`} data-testid="ad-campaign" data-name={campaign.name}>
                  <h2 style={{ margin: 0 }}>
                    {campaign.name}{" "}
                    <span className={ui.muted}>
                      ({campaign.paused ? t("ads.backoffice.state_paused") : t("ads.backoffice.state_live")})
                    </span>
                  </h2>
                  <p className={ui.muted} style={{ margin: 0 }}>
                    {day(campaign.startsOn)} – {campaign.endsOn ? day(campaign.endsOn) : "…"} ·{" "}
                    {[
                      campaign.pageKeys.join(", "),
                      campaign.languages.map((language) => language.toUpperCase()).join(", "),
                      campaign.channels.map((channel) => t(`ads.backoffice.channel.${channel}`)).join(", "),
                      campaign.cities.join(", "),
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                  <Numbers lang={lang} impressions={campaign.impressions} clicks={campaign.clicks} />
                  {campaign.creatives.length > 0 ? (
                    <ul className={ui.entryList}>
                      {campaign.creatives.map((creative) => {
                        const creativeReply = replyFor(reply, "update_creative", creative.id);
                        const imageReply = replyFor(reply, IMAGE_INTENT, creative.id);
                        return (
                          <li key={creative.id} className={ui.stack} data-testid="ad-creative">
                            <strong>
                              {creative.size} · {creative.imageUrl ? t("ads.backoffice.format_image") : t("ads.backoffice.format_text")} ·{" "}
                              {creative.headline}{" "}
                              {creative.paused ? <span className={ui.muted}>({t("ads.backoffice.state_paused")})</span> : null}
                            </strong>
                            <span className={ui.muted}>{creative.targetUrl}</span>
                            <Numbers lang={lang} impressions={creative.impressions} clicks={creative.clicks} />
                            <details open={creativeReply !== null}>
                              <summary className={css.summary}>{t("ads.backoffice.edit_creative")}</summary>
                              <CreativeForm campaignId={campaign.id} creative={creative} reply={creativeReply} />
                            </details>
                            <details open={imageReply !== null}>
                              <summary className={css.summary}>{t("ads.backoffice.image_upload")}</summary>
                              <ImageForm lang={lang} creative={creative} reply={imageReply} />
                            </details>
                          </li>
                        );
                      })}
                    </ul>
                  ) : null}
                  <details open={newCreativeReply !== null}>
                    <summary className={css.summary}>{t("ads.backoffice.new_creative")}</summary>
                    <CreativeForm campaignId={campaign.id} creative={null} reply={newCreativeReply} />
                  </details>
                  <details open={editReply !== null}>
                    <summary className={css.summary}>{t("ads.backoffice.edit_campaign")}</summary>
                    <CampaignForm campaign={campaign} reply={editReply} />
                  </details>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </main>
  );
}
