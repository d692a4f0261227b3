/**
 * The enhancement of the gallery's photo form (ADR 029): with JavaScript and an upload token, submitting
 * sends the photos in pieces (chunked-photo-upload.ts) with a progress bar, then reloads the gallery
 * with the usual notice. Without either, the form posts as it always did.
 */
import { useNavigate } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import { translateMessage } from "~/i18n/translate";
import { canSendInChunks, createUploadStore, sendPhotos, type UploadStore } from "./chunked-photo-upload";
import * as css from "./chunked-upload.css";

export function useChunkedPhotoUpload(token: string | null, page: number) {
  const [store] = useState(createUploadStore);
  const navigate = useNavigate();
  const phase = useStore(store, (state) => state.phase);
  const busy = phase !== "idle" && phase !== "failed" && phase !== "done";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const input = form.elements.namedItem("files");
    const files = input instanceof HTMLInputElement ? Array.from(input.files ?? []) : [];
    if (!token || !canSendInChunks(files)) return; // the plain post
    event.preventDefault();
    if (busy) return;
    const visibility = new FormData(form).get("visibility");
    void sendPhotos(store, { token, files, visibility: typeof visibility === "string" ? visibility : "" }).then((sent) => {
      if (!sent) return;
      form.reset();
      navigate(`?${new URLSearchParams({ page: String(page), done: "upload" }).toString()}`);
    });
  }
  return { store, onSubmit, busy };
}

/** The progress bar and what is happening, in a live region that is there from the start (so it is announced). */
export function ChunkedUploadStatus({ store }: { store: UploadStore }) {
  const { t, i18n } = useTranslation("gallery-upload");
  const { t: tc } = useTranslation();
  const state = useStore(store);
  if (state.phase === "idle") return <div aria-live="polite" className={css.idle} data-testid="gallery-upload-progress" />;
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent" }).format(state.fraction);
  const at = { current: state.current, count: state.count, percent };
  const text =
    state.phase === "failed"
      ? translateMessage(state.error?.startsWith("gallery_upload.") ? t : tc, state.error ?? "")
      : t(`gallery_upload.${state.phase}`, at);
  return (
    <div aria-live="polite" data-testid="gallery-upload-progress">
      <progress
        className={css.progress}
        max={1}
        value={state.fraction}
        aria-label={t("gallery_upload.progress_label")}
        aria-valuetext={percent}
      />
      <p role={state.phase === "failed" ? "alert" : undefined} className={state.phase === "failed" ? css.failed : css.status}>
        {text}
      </p>
    </div>
  );
}
