/**
 * user/media_gallery, the page (issue 10 item 3): upload, the grid of the member's photos with their
 * status, visibility and position, the managing panel of the chosen photo, and the watermark.
 * Every button is its own small form: the page works without JavaScript.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  mediaStatusName,
  WATERMARK_COLORS,
  WATERMARK_CORNERS,
  WATERMARK_OPACITY_MAX,
  WATERMARK_OPACITY_MIN,
  type GalleryPage,
  type OwnMediaItem,
} from "#server/contract/gallery-basics";
import { PhotoFilesField, type PhotoLimits } from "~/components/form/PhotoFilesField";
import { ErrorLine } from "~/components/form/ErrorLine";
import { CheckboxField, FormErrors, SelectField } from "~/components/FieldControls";
import { Picture } from "~/components/Picture";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { ChunkedUploadStatus, useChunkedPhotoUpload } from "./ChunkedPhotoUpload";
import { VideoTileImage, VideoUploadForm } from "./GalleryVideo";
import type { GalleryActionData } from "./gallery-answer";
import type { GalleryIntent } from "./media-gallery.server";
import * as css from "./media-gallery.css";
import { SettingsFrame } from "./SettingsFrame";
import { deferredPart } from "~/components/ServerIsland";
import { galleryHref, statusClass } from "./gallery-links";

/** Only a page with a photo open shows the panel: its code is a chunk of its own (ADR 168). */
const ManagePanel = deferredPart("gallery-manage", () => import("./GalleryManagePanel"));

const TILE_SIZES = "(min-width: 1556px) 150px, (min-width: 960px) 200px, (min-width: 768px) 180px, 33vw";

function UploadForm({
  gallery,
  answer,
  defaultVisibility,
  uploadToken,
  photoLimits,
}: {
  gallery: GalleryPage;
  answer: GalleryActionData | null;
  defaultVisibility: string;
  uploadToken: string | null;
  photoLimits: PhotoLimits;
}) {
  const { t } = useTranslation("gallery");
  // With JavaScript: pieces, compression, progress and resume (ADR 029); without, the plain post.
  const chunked = useChunkedPhotoUpload(uploadToken, gallery.page);
  const mine = answer?.intent === "upload" ? answer : null;
  const fileErrors = mine?.fieldErrors.files ?? [];
  return (
    <section className={`${ui.card} ${ui.stack}`} aria-labelledby="upload-title">
      <h2 id="upload-title" style={{ margin: 0, fontSize: "1.15rem" }}>
        {t("gallery.upload.title")}
      </h2>
      <Form method="post" action={`?page=${gallery.page}`} encType="multipart/form-data" className={ui.stack} onSubmit={chunked.onSubmit}>
        {mine ? <FormErrors errors={mine.formErrors} /> : null}
        <PhotoFilesField label={t("gallery.upload.files")} hint={t("gallery.upload.hint", photoLimits)} required errors={fileErrors} />
        <SelectField
          name="visibility"
          id="upload-visibility"
          label={t("gallery.upload.visibility")}
          defaultValue={defaultVisibility}
          options={gallery.visibilities.map((value) => ({ value, label: t(`gallery.visibility.${value}`) }))}
          errors={mine?.fieldErrors.visibility ?? []}
        />
        <ChunkedUploadStatus store={chunked.store} />
        <div className={ui.row}>
          <button type="submit" className={ui.button} data-testid="gallery-upload" disabled={chunked.busy}>
            {t("gallery.upload.submit")}
          </button>
        </div>
      </Form>
    </section>
  );
}

function WatermarkForm({ gallery, answer }: { gallery: GalleryPage; answer: GalleryActionData | null }) {
  const { t } = useTranslation("gallery");
  const { t: tc } = useTranslation();
  const mine = answer?.intent === "watermark" ? answer : null;
  const values = mine?.values;
  const current = gallery.watermark;
  const color = values?.color || current.color;
  const corner = values?.corner || current.corner;
  const errorsOf = (name: string) => mine?.fieldErrors[name] ?? [];
  return (
    <section className={`${ui.card} ${ui.stack}`} aria-labelledby="watermark-title">
      <h2 id="watermark-title" style={{ margin: 0, fontSize: "1.15rem" }}>
        {t("gallery.watermark.title")}
      </h2>
      <p className={ui.muted}>{t("gallery.watermark.intro")}</p>
      {/* noValidate: the server's translated message at the field, not the browser's own bubble. */}
      <Form method="post" action={`?page=${gallery.page}`} className={ui.stack} noValidate>
        <input type="hidden" name="intent" value="watermark" />
        {mine ? <FormErrors errors={mine.formErrors} /> : null}
        <CheckboxField
          name="enabled"
          id="watermark-enabled"
          label={t("gallery.watermark.enabled")}
          defaultChecked={values ? values.enabled === "on" : current.enabled}
        />
        <fieldset className={css.choices}>
          <legend className={ui.label}>{t("gallery.watermark.color")}</legend>
          {WATERMARK_COLORS.map((value) => (
            <label key={value} className={css.choice}>
              <input type="radio" name="color" value={value} defaultChecked={color === value} />
              {t(`gallery.watermark.colors.${value}`)}
            </label>
          ))}
          <ErrorLine
            id="watermark-color-error"
            name="color"
            message={errorsOf("color")[0] ? translateMessage(tc, errorsOf("color")[0]!) : undefined}
          />
        </fieldset>
        <fieldset className={css.choices}>
          <legend className={ui.label}>{t("gallery.watermark.corner")}</legend>
          {WATERMARK_CORNERS.map((value) => (
            <label key={value} className={css.choice}>
              <input type="radio" name="corner" value={value} defaultChecked={corner === value} />
              {t(`gallery.watermark.corners.${value}`)}
            </label>
          ))}
          <ErrorLine
            id="watermark-corner-error"
            name="corner"
            message={errorsOf("corner")[0] ? translateMessage(tc, errorsOf("corner")[0]!) : undefined}
          />
        </fieldset>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="watermark-opacity">
            {t("gallery.watermark.opacity", { min: WATERMARK_OPACITY_MIN, max: WATERMARK_OPACITY_MAX })}
          </label>
          <input
            id="watermark-opacity"
            className={ui.input}
            type="number"
            name="opacity"
            inputMode="numeric"
            min={WATERMARK_OPACITY_MIN}
            max={WATERMARK_OPACITY_MAX}
            step={1}
            defaultValue={values?.opacity ?? String(current.opacity)}
            aria-invalid={errorsOf("opacity").length ? true : undefined}
            aria-describedby={errorsOf("opacity").length ? "watermark-opacity-error" : undefined}
          />
          <ErrorLine
            id="watermark-opacity-error"
            name="opacity"
            message={errorsOf("opacity")[0] ? translateMessage(tc, errorsOf("opacity")[0]!) : undefined}
          />
        </div>
        <p className={ui.muted}>{t("gallery.watermark.changes_left", { count: gallery.watermark_changes_left })}</p>
        <div className={ui.row}>
          <button type="submit" className={ui.button} data-testid="gallery-watermark-save">
            {t("gallery.watermark.save")}
          </button>
        </div>
      </Form>
    </section>
  );
}

export function MediaGalleryPage({
  gallery,
  selected,
  done,
  answer,
  defaultVisibility,
  uploadToken = null,
  photoLimits,
  isCreator = false,
}: {
  gallery: GalleryPage;
  selected: OwnMediaItem | null;
  done: GalleryIntent | null;
  answer: GalleryActionData | null;
  defaultVisibility: string;
  /** The upload-only token for the page's script (ADR 029); null: the plain form only. */
  uploadToken?: string | null;
  /** The photo picker's hint values in the page's language (the loader's photoLimitsIn). */
  photoLimits: PhotoLimits;
  /** Escorts and businesses: the access form (issue 28). */
  isCreator?: boolean;
}) {
  const { t } = useTranslation("gallery");
  const { t: ta } = useTranslation("account");
  const generalErrors =
    answer &&
    answer.intent !== "upload" &&
    answer.intent !== "upload_video" &&
    answer.intent !== "watermark" &&
    (!selected || answer.id !== selected.id)
      ? answer.formErrors
      : [];
  return (
    <SettingsFrame
      wide
      title={ta("settings.pages.media_gallery.title")}
      intro={t("gallery.intro")}
      notice={done && !answer ? t(`gallery.done.${done}`) : null}
    >
      <FormErrors errors={generalErrors} />
      <UploadForm
        gallery={gallery}
        answer={answer}
        defaultVisibility={defaultVisibility}
        uploadToken={uploadToken}
        photoLimits={photoLimits}
      />
      <VideoUploadForm gallery={gallery} answer={answer} defaultVisibility={defaultVisibility} />
      {selected ? <ManagePanel item={selected} gallery={gallery} answer={answer} isCreator={isCreator} /> : null}
      <section className={ui.stack} aria-labelledby="photos-title">
        <h2 id="photos-title" style={{ margin: 0, fontSize: "1.15rem" }}>
          {t("gallery.photos_title", { count: gallery.total })}
        </h2>
        {gallery.items.length === 0 ? (
          <p className={css.empty} data-testid="gallery-empty">
            {t("gallery.empty")}
          </p>
        ) : (
          <>
            <p className={ui.muted}>{t("gallery.tap_hint")}</p>
            <ul className={css.grid} data-testid="gallery-grid">
              {gallery.items.map((item) => (
                <li key={item.id} className={css.tile} data-testid="gallery-tile" data-media-id={item.id}>
                  <Link
                    to={galleryHref(gallery.page, item.id)}
                    className={`${css.tileLink} ${selected?.id === item.id ? css.tileSelected : ""}`}
                    aria-label={t("gallery.manage_link", { position: item.position + 1 })}
                    aria-current={selected?.id === item.id ? "true" : undefined}
                  >
                    {item.kind === "video" ? (
                      <VideoTileImage item={item} sizes={TILE_SIZES} />
                    ) : (
                      <Picture image={item.image} alt="" sizes={TILE_SIZES} width={150} height={200} className={css.tileImage} />
                    )}
                    {item.is_avatar || item.is_cover ? (
                      <span className={css.badges}>
                        {item.is_avatar ? <span className={css.badge}>{t("gallery.badge.avatar")}</span> : null}
                        {item.is_cover ? <span className={css.badge}>{t("gallery.badge.cover")}</span> : null}
                      </span>
                    ) : null}
                  </Link>
                  <span className={`${css.status} ${statusClass(item.status)}`}>{t(`gallery.status.${mediaStatusName(item.status)}`)}</span>
                  <span className={css.tileMeta}>
                    {t("gallery.tile_meta", { position: item.position + 1, visibility: t(`gallery.visibility.${item.visibility}`) })}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
        {gallery.pages > 1 ? (
          <nav aria-label={t("gallery.pages")} className={css.pager}>
            {Array.from({ length: gallery.pages }, (_, i) => i + 1).map((page) => (
              <Link
                key={page}
                to={galleryHref(page)}
                className={`${css.pagerLink} ${page === gallery.page ? css.pagerCurrent : ""}`}
                aria-current={page === gallery.page ? "page" : undefined}
              >
                {page}
              </Link>
            ))}
          </nav>
        ) : null}
      </section>
      <WatermarkForm gallery={gallery} answer={answer} />
    </SettingsFrame>
  );
}
