/**
 * my_bundles/edit/{bundleId?}: the steps creation_selection (pick media with checkboxes, a GET form whose answer is the
 * next step's address) and creation_meta_info (title, description, price, cover; the POST that saves the whole
 * bundle). Both work without JavaScript; a refused save keeps every input and shows the error at its field.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { BundleMedium, OwnBundle } from "#server/contract/bundles";
import {
  BUNDLE_DESCRIPTION_MAX,
  BUNDLE_ITEMS_MAX,
  BUNDLE_PRICE_MAX,
  BUNDLE_PRICE_MIN,
  BUNDLE_STATUS,
  BUNDLE_TITLE_MAX,
  bundlePaths,
  type BundleManageStep,
} from "#server/contract/creators";
import type { Language } from "#server/contract/locales";
import type { Camelize } from "~/api/camelize";
import { Field, FormErrors } from "~/components/Field";
import { TextAreaField } from "~/components/FieldControls";
import { ErrorLine } from "~/components/form/ErrorLine";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { Picture } from "~/components/Picture";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import * as css from "./bundles.css";

type Medium = Camelize<BundleMedium>;
type Bundle = Camelize<OwnBundle>;

const META_FIELDS = ["title", "description", "price", "cover_media_id", "media_ids"];

export function BundleEditPage({
  title,
  lang,
  step,
  bundleId,
  bundle,
  media,
  chosen,
  missingChoice,
  reply,
}: {
  title: string;
  lang: Language;
  step: BundleManageStep;
  bundleId: number | null;
  bundle: Bundle | null;
  media: Medium[];
  chosen: number[];
  missingChoice: boolean;
  reply: FormReply | null;
}) {
  const { t } = useTranslation("bundle");
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        <ol className={css.steps} aria-label={t("bundle.edit.steps_label")}>
          {(["creation_selection", "creation_meta_info"] as const).map((name, index) => (
            <li key={name} className={name === step ? css.stepCurrent : ui.muted} aria-current={name === step ? "step" : undefined}>
              {index + 1}. {t(`bundle.edit.steps.${name}`)}
            </li>
          ))}
        </ol>
        {bundle && (bundle.status === BUNDLE_STATUS.accepted || bundle.status === BUNDLE_STATUS.pending) ? (
          <p className={ui.notice} data-testid="bundle-edit-review-note">
            {t("bundle.edit.back_to_review")}
          </p>
        ) : null}
        {bundle && bundle.sales > 0 ? <p className={ui.muted}>{t("bundle.edit.sold_note")}</p> : null}
        {step === "creation_selection" ? (
          <SelectionStep lang={lang} bundleId={bundleId} media={media} chosen={chosen} missingChoice={missingChoice} />
        ) : (
          <MetaStep lang={lang} bundleId={bundleId} bundle={bundle} media={media} chosen={chosen} reply={reply} />
        )}
        <Link to={bundlePaths.mine(lang)}>{t("bundle.edit.to_list")}</Link>
      </div>
    </main>
  );
}

function SelectionStep({
  lang,
  bundleId,
  media,
  chosen,
  missingChoice,
}: {
  lang: Language;
  bundleId: number | null;
  media: Medium[];
  chosen: number[];
  missingChoice: boolean;
}) {
  const { t } = useTranslation("bundle");
  const { t: tCommon } = useTranslation();
  if (media.length === 0)
    return (
      <div className={`${ui.card} ${ui.stack}`} data-testid="bundle-no-media">
        <p style={{ margin: 0 }}>{t("bundle.edit.no_media")}</p>
        <Link className={ui.buttonSecondary} to={`/${lang}/user/media_gallery`}>
          {t("bundle.edit.to_gallery")}
        </Link>
      </div>
    );
  const message = missingChoice ? translateMessage(tCommon, `validation.bundles.items?min=1&max=${BUNDLE_ITEMS_MAX}`) : undefined;
  return (
    <Form method="get" action={bundlePaths.edit(lang, bundleId ?? undefined)} className={ui.stack}>
      <input type="hidden" name="step" value="creation_meta_info" />
      <fieldset style={{ border: 0, padding: 0, margin: 0 }} aria-describedby={message ? "field-media-error" : undefined}>
        <legend className={ui.label}>{t("bundle.edit.pick_legend", { max: BUNDLE_ITEMS_MAX })}</legend>
        <ul className={css.pickGrid} data-testid="bundle-pick">
          {media.map((medium, index) => (
            <li key={medium.id}>
              <label className={css.pick}>
                <Picture
                  image={medium.image}
                  alt={t("bundle.edit.medium_alt", { number: index + 1 })}
                  sizes="(min-width: 768px) 180px, 30vw"
                  width={180}
                  height={240}
                  className={css.pickImage}
                />
                <input
                  type="checkbox"
                  name="media"
                  value={medium.id}
                  defaultChecked={chosen.includes(medium.id)}
                  className={css.pickBox}
                  data-testid="bundle-pick-medium"
                />
                {medium.kind === "video" ? <span className={ui.muted}>{t("bundle.edit.video")}</span> : null}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <ErrorLine id="field-media-error" name="media" message={message} />
      <button type="submit" className={ui.button} data-testid="bundle-next">
        {t("bundle.edit.next")}
      </button>
    </Form>
  );
}

function MetaStep({
  lang,
  bundleId,
  bundle,
  media,
  chosen,
  reply,
}: {
  lang: Language;
  bundleId: number | null;
  bundle: Bundle | null;
  media: Medium[];
  chosen: number[];
  reply: FormReply | null;
}) {
  const { t } = useTranslation("bundle");
  const { t: tCommon } = useTranslation();
  const errors = (name: string) => reply?.fieldErrors[name] ?? [];
  // A refused save shows what was sent; the first visit the bundle's values (or nothing for a new one).
  const kept = (name: string, saved: string) => (reply ? inputText(reply, name) : saved);
  const picked = media.filter((medium) => chosen.includes(medium.id));
  const coverSent = reply ? inputText(reply, "cover_media_id") : "";
  const cover = coverSent || String(bundle?.coverMediaId && chosen.includes(bundle.coverMediaId) ? bundle.coverMediaId : (chosen[0] ?? ""));
  const backToSelection = `${bundlePaths.edit(lang, bundleId ?? undefined)}?${chosen.map((id) => `media=${id}`).join("&")}`;
  const coverErrors = [...errors("cover_media_id"), ...errors("media_ids")];
  return (
    <Form
      method="post"
      action={`${bundlePaths.edit(lang, bundleId ?? undefined)}?step=creation_meta_info&${chosen.map((id) => `media=${id}`).join("&")}`}
      className={ui.stack}
      // The server checks every field and answers at the field in the page's language (the browser's own bubbles would not).
      noValidate
    >
      {reply ? <FormErrors errors={errorsBesides(reply, META_FIELDS)} /> : null}
      {chosen.map((id) => (
        <input key={id} type="hidden" name="media_ids" value={id} />
      ))}
      <Field
        name="title"
        label={t("bundle.edit.title_label")}
        hint={t("bundle.edit.title_hint", { max: BUNDLE_TITLE_MAX })}
        defaultValue={kept("title", bundle?.title ?? "")}
        maxLength={BUNDLE_TITLE_MAX}
        required
        errors={errors("title")}
      />
      <TextAreaField
        name="description"
        label={t("bundle.edit.description_label")}
        hint={t("bundle.edit.description_hint", { max: BUNDLE_DESCRIPTION_MAX })}
        defaultValue={kept("description", bundle?.description ?? "")}
        maxLength={BUNDLE_DESCRIPTION_MAX}
        rows={4}
        errors={errors("description")}
      />
      <Field
        name="price"
        type="number"
        inputMode="numeric"
        min={BUNDLE_PRICE_MIN}
        max={BUNDLE_PRICE_MAX}
        step={1}
        label={t("bundle.edit.price_label")}
        hint={t("bundle.edit.price_hint", { min: BUNDLE_PRICE_MIN, max: BUNDLE_PRICE_MAX })}
        defaultValue={kept("price", bundle ? String(bundle.price) : "")}
        errors={errors("price")}
      />
      <fieldset
        style={{ border: 0, padding: 0, margin: 0 }}
        aria-describedby={coverErrors.length > 0 ? "field-cover_media_id-error" : undefined}
      >
        <legend className={ui.label}>{t("bundle.edit.cover_legend")}</legend>
        <p className={ui.muted} style={{ margin: 0 }}>
          {t("bundle.edit.cover_hint", { count: picked.length })}
        </p>
        <ul className={css.pickGrid} data-testid="bundle-cover">
          {picked.map((medium, index) => (
            <li key={medium.id}>
              <label className={css.pick}>
                <Picture
                  image={medium.image}
                  alt={t("bundle.edit.medium_alt", { number: index + 1 })}
                  sizes="(min-width: 768px) 180px, 30vw"
                  width={180}
                  height={240}
                  className={css.pickImage}
                />
                <input
                  type="radio"
                  name="cover_media_id"
                  value={medium.id}
                  defaultChecked={String(medium.id) === cover}
                  className={css.pickBox}
                />
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <ErrorLine
        id="field-cover_media_id-error"
        name="cover_media_id"
        message={coverErrors.map((message) => translateMessage(tCommon, message)).join(" ") || undefined}
      />
      <div className={ui.row}>
        <button type="submit" className={ui.button} data-testid="bundle-save">
          {bundleId === null ? t("bundle.edit.create") : t("bundle.edit.save")}
        </button>
        <Link className={ui.buttonSecondary} to={backToSelection} data-testid="bundle-back">
          {t("bundle.edit.back")}
        </Link>
      </div>
    </Form>
  );
}
