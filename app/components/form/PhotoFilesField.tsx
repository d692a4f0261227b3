import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  IMAGE_ACCEPT,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_MIN_BYTES,
  IMAGE_MIN_WIDTH,
  IMAGES_PER_UPLOAD,
} from "#server/contract/media-upload";
import { translateMessage } from "~/i18n/translate";
import { useNumbers } from "~/utils/numbers";
import * as ui from "~/styles/ui.css";
import { ErrorLine } from "./ErrorLine";

/**
 * The limits the API checks a photo against (server/contract/media-upload), in the page's language: the values of
 * the pickers' hints (`{{minSize}}` to `{{maxSize}}`, `{{width}}` px, `{{megapixels}}`, `{{count}}` at once), so a
 * hint shows the numbers the server enforces (issue 25 item 10).
 */
export function usePhotoLimits() {
  const numbers = useNumbers();
  return {
    minSize: numbers.fileSize(IMAGE_MIN_BYTES),
    maxSize: numbers.fileSize(IMAGE_MAX_BYTES),
    width: numbers.integer(IMAGE_MIN_WIDTH),
    megapixels: numbers.integer(IMAGE_MAX_PIXELS / 1_000_000),
    count: IMAGES_PER_UPLOAD,
  };
}

/**
 * The photo picker of the join photo step, the gallery and the messenger's compose form (`files`, several images at
 * once): label, hint, the file input and its error line. `errors` are untranslated keys; every one is shown (each
 * refused photo has its own, files.N).
 */
export function PhotoFilesField({
  label,
  hint,
  required,
  errors = [],
}: {
  label: string;
  hint: ReactNode;
  required: boolean;
  errors?: string[];
}) {
  const { t } = useTranslation();
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor="field-files">
        {label}
      </label>
      <span id="field-files-hint" className={ui.muted}>
        {hint}
      </span>
      <input
        id="field-files"
        className={ui.input}
        type="file"
        name="files"
        accept={IMAGE_ACCEPT}
        multiple
        required={required}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={["field-files-hint", errors.length ? "field-files-error" : null].filter(Boolean).join(" ")}
      />
      <ErrorLine name="files" message={errors.length ? errors.map((key) => translateMessage(t, key)).join(" ") : undefined} />
    </div>
  );
}
