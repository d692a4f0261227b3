/**
 * Videos in the gallery (ADR 034): the upload form (a plain multipart form to `?upload=video`) and the
 * tile (the poster once encoded, a placeholder while encoding). The manage panel's player is in
 * GalleryManagePanel.tsx, a chunk of its own (ADR 168).
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { GalleryPage, OwnMediaItem } from "#server/contract/gallery-basics";
import { VIDEO_ACCEPT, VIDEO_MAX_BYTES, VIDEO_MAX_DURATION_MS } from "#server/contract/media-video";
import { ErrorLine } from "~/components/form/ErrorLine";
import { FormErrors, SelectField } from "~/components/FieldControls";
import { Picture } from "~/components/Picture";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import type { GalleryActionData } from "./gallery-answer";
import * as css from "./media-gallery.css";

/** 0:07, 2:45 */
export function durationLabel(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export function VideoUploadForm({
  gallery,
  answer,
  defaultVisibility,
}: {
  gallery: GalleryPage;
  answer: GalleryActionData | null;
  defaultVisibility: string;
}) {
  const { t } = useTranslation("gallery");
  const { t: tc } = useTranslation();
  const mine = answer?.intent === "upload_video" ? answer : null;
  const fileErrors = mine?.fieldErrors.file ?? [];
  return (
    <section className={`${ui.card} ${ui.stack}`} aria-labelledby="video-upload-title">
      <h2 id="video-upload-title" style={{ margin: 0, fontSize: "1.15rem" }}>
        {t("gallery.video.title")}
      </h2>
      <Form method="post" action={`?page=${gallery.page}&upload=video`} encType="multipart/form-data" className={ui.stack}>
        {mine ? <FormErrors errors={mine.formErrors} /> : null}
        <div className={ui.field}>
          <label className={ui.label} htmlFor="field-video">
            {t("gallery.video.file")}
          </label>
          <span id="field-video-hint" className={ui.muted}>
            {t("gallery.video.hint", { minutes: VIDEO_MAX_DURATION_MS / 60_000, megabytes: VIDEO_MAX_BYTES / 1_000_000 })}
          </span>
          <input
            id="field-video"
            className={ui.input}
            type="file"
            name="file"
            accept={VIDEO_ACCEPT}
            required
            aria-invalid={fileErrors.length ? true : undefined}
            aria-describedby={["field-video-hint", fileErrors.length ? "field-video-error" : null].filter(Boolean).join(" ")}
          />
          <ErrorLine id="field-video-error" name="file" message={fileErrors[0] ? translateMessage(tc, fileErrors[0]) : undefined} />
        </div>
        <SelectField
          name="visibility"
          id="video-visibility"
          label={t("gallery.upload.visibility")}
          defaultValue={defaultVisibility}
          options={gallery.visibilities.map((value) => ({ value, label: t(`gallery.visibility.${value}`) }))}
          errors={mine?.fieldErrors.visibility ?? []}
        />
        <div className={ui.row}>
          <button type="submit" className={ui.button} data-testid="gallery-video-upload">
            {t("gallery.video.submit")}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** A tile's picture: the poster with a play mark and the length, or a placeholder while it is encoded. */
export function VideoTileImage({ item, sizes }: { item: OwnMediaItem; sizes: string }) {
  const { t } = useTranslation("gallery");
  if (!item.video) {
    return (
      <span className={css.videoPlaceholder} data-testid="gallery-video-encoding">
        {t("gallery.video.encoding")}
      </span>
    );
  }
  return (
    <>
      <Picture image={item.image} alt="" sizes={sizes} width={150} height={200} className={css.tileImage} />
      <span className={css.videoMark} aria-label={t("gallery.video.badge", { duration: durationLabel(item.video.duration_ms) })}>
        ▶ {durationLabel(item.video.duration_ms)}
      </span>
    </>
  );
}
