/**
 * The managing panel of the chosen photo on user/media_gallery (`?item=`): its facts, the buttons that post one
 * action each, the visibility form, the creators' access form and delete. Only a page with a photo open shows it, so
 * it is a chunk of its own, drawn in the server's place after hydration (ADR 168); every button is a plain form.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { GalleryPage, OwnMediaItem } from "#server/contract/gallery-basics";
import { mediaStatusName } from "#server/contract/gallery-basics";
import { mediaVariantUrl } from "#server/contract/media";
import { FormErrors, SelectField } from "~/components/FieldControls";
import { Picture } from "~/components/Picture";
import * as ui from "~/styles/ui.css";
import { MediumAccessForm } from "~/features/creator-media/MediumAccessForm";
import type { GalleryActionData } from "./gallery-answer";
import { galleryHref, statusClass } from "./gallery-links";
import type { GalleryIntent } from "./media-gallery.server";
import * as css from "./media-gallery.css";

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

export default function ManagePanel({
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

/** The panel's player: a native <video> with the poster (plays on phones without any script, seeks with byte ranges). */
function VideoPlayer({ item }: { item: OwnMediaItem }) {
  const { t } = useTranslation("gallery");
  if (!item.video) {
    return (
      <p className={css.videoPlaceholder} data-testid="gallery-video-encoding">
        {t("gallery.video.encoding")}
      </p>
    );
  }
  const width = item.image.widths.find((w) => w >= 320) ?? item.image.widths.at(-1);
  const poster = width ? mediaVariantUrl(item.image, width, "jpeg") : undefined;
  return (
    <video className={css.preview} controls preload="none" poster={poster} width={240} data-testid="gallery-video-player">
      <source src={item.video.path} type="video/mp4" />
      <a href={item.video.path}>{t("gallery.video.download")}</a>
    </video>
  );
}
