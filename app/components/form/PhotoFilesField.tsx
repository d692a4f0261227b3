import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { IMAGE_ACCEPT } from "#server/contract/image-limits";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { ErrorLine } from "./ErrorLine";

/**
 * The limits the API checks a photo against (server/contract/image-limits), in the page's language: the values of
 * the pickers' hints (`{{minSize}}` to `{{maxSize}}`, `{{width}}` px, `{{megapixels}}`, `{{count}}` at once), so a
 * hint shows the numbers the server enforces (issue 25 item 10). The page's loader makes them (./photo-limits.server,
 * ADR 174): the page carries no number formatting for them.
 */
export type PhotoLimits = {
  minSize: string;
  maxSize: string;
  width: string;
  megapixels: string;
  count: number;
};

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
