/**
 * user/media_gallery, the page (issue 10 item 3): upload, the grid of the member's photos with their
 * status, visibility and position, the managing panel of the chosen photo, and the watermark.
 * Every button is its own small form: the page works without JavaScript.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MEDIA_STATUS } from "#server/contract/media";
import {
  mediaStatusName,
  WATERMARK_COLORS,
  WATERMARK_CORNERS,
  WATERMARK_OPACITY_MAX,
  WATERMARK_OPACITY_MIN,
  type GalleryPage,
  type OwnMediaItem,
} from "#server/contract/media-gallery";
import { PhotoFilesField, usePhotoLimits } from "~/components/form/PhotoFilesField";
import { ErrorLine } from "~/components/form/ErrorLine";
import { FormErrors } from "~/components/Field";
import { CheckboxField, SelectField } from "~/components/FieldControls";
import { Picture } from "~/components/Picture";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { ChunkedUploadStatus, useChunkedPhotoUpload } from "./ChunkedPhotoUpload";
import { VideoPlayer, VideoTileImage, VideoUploadForm } from "./GalleryVideo";
import type { GalleryActionData } from "./gallery-answer";
import type { GalleryIntent } from "./media-gallery.server";
import * as css from "./media-gallery.css";
import { SettingsFrame } from "./SettingsFrame";
import { MediumAccessForm } from "~/features/creator-media/MediumAccessForm";

const TILE_SIZES = "(min-width: 1556px) 150px, (min-width: 960px) 200px, (min-width: 768px) 180px, 33vw";

function statusClass(status: number): string {
  if (status === MEDIA_STATUS.accepted) return css.statusAccepted;
  if (status === MEDIA_STATUS.rejected) return css.statusRejected;
  return css.statusPending;
}

function galleryHref(page: number, item?: number) {
  const query = new URLSearchParams({ page: String(page) });
  if (item !== undefined) query.set("item", String(item));
  return `?${query.toString()}${item !== undefined ? "#manage" : ""}`;
}

/** One button that posts one action about one photo. */
function ActionButton({
  intent,
  item,
  page,
  label,
  extra,
  secondary = true,
}: {
  intent: GalleryIntent;
  item: OwnMediaItem;
  page: number;
  label: string;
  extra?: Record<string, string>;
  secondary?: boolean;
}) {
  return (
    <Form method="post" action={`?page=${page}`} className={css.inlineForm}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={item.id} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={secondary ? ui.buttonSecondary : ui.button} data-testid={`gallery-${intent}${extra?.dir ?? ""}`}>
        {label}
      </button>
    </Form>
  );
}

function ManagePanel({
  item,
  gallery,
  answer,
  isCreator,
}: {
  item: OwnMediaItem;
  gallery: GalleryPage;
  answer: GalleryActionData | null;
  isCreator: boolean;
}) {
  const { t } = useTranslation("gallery");
  const { t: tm } = useTranslation("creator-media");
  const index = item.position;
  const last = gallery.total - 1;
  const page = gallery.page;
  const mine = answer && answer.id === item.id ? answer : null;
  // A video is no profile picture, cover or identity proof (the API refuses those for videos too).
  const isVideo = item.kind === "video";
  return (
    <section id="manage" className={`${ui.card} ${ui.stack}`} aria-labelledby="manage-title" data-testid="gallery-manage">
      <div className={ui.row} style={{ justifyContent: "space-between" }}>
        <h2 id="manage-title" style={{ margin: 0, fontSize: "1.15rem" }}>
          {t(isVideo ? "gallery.manage.title_video" : "gallery.manage.title", { position: index + 1, total: gallery.total })}
        </h2>
        <Link to={galleryHref(page)} className={ui.linkButton}>
          {t("gallery.manage.close")}
        </Link>
      </div>
      {mine ? <FormErrors errors={mine.formErrors} /> : null}
      <div className={css.manage}>
        {/* One grid cell: <picture> has display: contents, its <source>s would take cells of their own. */}
        <div>
          {item.kind === "video" ? (
            <VideoPlayer item={item} />
          ) : (
            <Picture
              image={item.image}
              alt={t("gallery.photo_alt", { position: index + 1 })}
              sizes="240px"
              width={240}
              height={Math.round((240 * item.image.height) / item.image.width)}
              className={css.preview}
            />
          )}
        </div>
        <div className={ui.stack}>
          <dl className={css.facts}>
            <dt>{t("gallery.manage.status")}</dt>
            <dd className={statusClass(item.status)} data-testid="gallery-status">
              {t(`gallery.status.${mediaStatusName(item.status)}`)}
            </dd>
            <dt>{t("gallery.manage.visibility")}</dt>
            <dd data-testid="gallery-visibility">{t(`gallery.visibility.${item.visibility}`)}</dd>
            {isCreator ? (
              <>
                <dt>{tm("creator_media.access.label")}</dt>
                <dd data-testid="gallery-access">
                  {item.access === "ppv" && item.price !== null
                    ? tm("creator_media.access.ppv_at", { count: item.price })
                    : tm(`creator_media.access.${item.access}`)}
                </dd>
              </>
            ) : null}
            <dt>{t("gallery.manage.position")}</dt>
            <dd data-testid="gallery-position">{t("gallery.manage.position_value", { position: index + 1, total: gallery.total })}</dd>
            <dt>{t("gallery.manage.fake_check")}</dt>
            <dd data-testid="gallery-fake-check">{t(`gallery.fake_check.${item.fake_check}`)}</dd>
            {item.is_avatar || item.is_cover ? (
              <>
                <dt>{t("gallery.manage.role")}</dt>
                <dd data-testid="gallery-role">
                  {[item.is_avatar ? t("gallery.badge.avatar") : null, item.is_cover ? t("gallery.badge.cover") : null]
                    .filter(Boolean)
                    .join(", ")}
                </dd>
              </>
            ) : null}
            {!item.watermark_current ? (
              <>
                <dt>{t("gallery.manage.watermark")}</dt>
                <dd>{t("gallery.manage.watermark_rendering")}</dd>
              </>
            ) : null}
          </dl>
          <div className={css.actions}>
            {!item.is_avatar && !isVideo ? (
              <ActionButton intent="avatar" item={item} page={page} label={t("gallery.action.avatar")} secondary={false} />
            ) : null}
            {!item.is_cover && !isVideo ? <ActionButton intent="cover" item={item} page={page} label={t("gallery.action.cover")} /> : null}
            {index > 0 ? <ActionButton intent="top" item={item} page={page} label={t("gallery.action.top")} /> : null}
            {index > 0 ? (
              <ActionButton
                intent="position"
                item={item}
                page={page}
                label={t("gallery.action.up")}
                extra={{ position: String(index - 1), dir: "up" }}
              />
            ) : null}
            {index < last ? (
              <ActionButton
                intent="position"
                item={item}
                page={page}
                label={t("gallery.action.down")}
                extra={{ position: String(index + 1), dir: "down" }}
              />
            ) : null}
            {!isVideo && (item.fake_check === "none" || item.fake_check === "rejected") ? (
              <ActionButton intent="fake_check" item={item} page={page} label={t("gallery.action.fake_check")} />
            ) : null}
          </div>
          <Form method="post" action={`?page=${page}`} className={ui.stack}>
            <input type="hidden" name="intent" value="visibility" />
            <input type="hidden" name="id" value={item.id} />
            <SelectField
              name="visibility"
              id="manage-visibility"
              label={t("gallery.manage.visibility")}
              defaultValue={item.visibility}
              options={gallery.visibilities.map((value) => ({ value, label: t(`gallery.visibility.${value}`) }))}
              errors={mine?.intent === "visibility" ? (mine.fieldErrors.visibility ?? []) : []}
            />
            <div className={ui.row}>
              <button type="submit" className={ui.buttonSecondary} data-testid="gallery-visibility-save">
                {t("gallery.action.visibility")}
              </button>
            </div>
          </Form>
          {isCreator ? (
            <MediumAccessForm
              item={item}
              page={page}
              errors={mine?.intent === "access" ? mine.fieldErrors : {}}
              values={mine?.intent === "access" ? mine.values : null}
            />
          ) : null}
          <details>
            <summary className={ui.muted} style={{ minHeight: "44px", paddingTop: "10px", boxSizing: "border-box", cursor: "pointer" }}>
              {t(isVideo ? "gallery.action.delete_open_video" : "gallery.action.delete_open")}
            </summary>
            <p>{t(isVideo ? "gallery.action.delete_warning_video" : "gallery.action.delete_warning")}</p>
            <ActionButton intent="delete" item={item} page={page} label={t("gallery.action.delete")} secondary={false} />
          </details>
        </div>
      </div>
    </section>
  );
}

function UploadForm({
  gallery,
  answer,
  defaultVisibility,
  uploadToken,
}: {
  gallery: GalleryPage;
  answer: GalleryActionData | null;
  defaultVisibility: string;
  uploadToken: string | null;
}) {
  const { t } = useTranslation("gallery");
  // With JavaScript: pieces, compression, progress and resume (ADR 029); without, the plain post.
  const chunked = useChunkedPhotoUpload(uploadToken, gallery.page);
  const mine = answer?.intent === "upload" ? answer : null;
  const fileErrors = mine?.fieldErrors.files ?? [];
  const limits = usePhotoLimits();
  return (
    <section className={`${ui.card} ${ui.stack}`} aria-labelledby="upload-title">
      <h2 id="upload-title" style={{ margin: 0, fontSize: "1.15rem" }}>
        {t("gallery.upload.title")}
      </h2>
      <Form method="post" action={`?page=${gallery.page}`} encType="multipart/form-data" className={ui.stack} onSubmit={chunked.onSubmit}>
        {mine ? <FormErrors errors={mine.formErrors} /> : null}
        <PhotoFilesField label={t("gallery.upload.files")} hint={t("gallery.upload.hint", limits)} required errors={fileErrors} />
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
  isCreator = false,
}: {
  gallery: GalleryPage;
  selected: OwnMediaItem | null;
  done: GalleryIntent | null;
  answer: GalleryActionData | null;
  defaultVisibility: string;
  /** The upload-only token for the page's script (ADR 029); null: the plain form only. */
  uploadToken?: string | null;
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
      <UploadForm gallery={gallery} answer={answer} defaultVisibility={defaultVisibility} uploadToken={uploadToken} />
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
