/**
 * The reason of a rejection in a back-office queue (bundles, blogs, events, verifications): a select of the
 * feature's reasons with its error under it. The choice is kept after a refused post; long reasons never widen a
 * phone's page.
 */
import { useTranslation } from "react-i18next";
import { ErrorLine } from "~/components/form/ErrorLine";
import type { FormReply } from "~/components/form/reply";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";

export function RejectReasonField<Reason extends string>({
  id,
  label,
  placeholder,
  reasons,
  reasonLabel,
  failure,
}: {
  /** The select's id, unique on the page (one per item). */
  id: string;
  label: string;
  placeholder: string;
  reasons: readonly Reason[];
  reasonLabel: (reason: Reason) => string;
  /** The refused post of this item, if any. */
  failure: FormReply | null;
}) {
  const { t } = useTranslation();
  const errors = failure?.fieldErrors.reason ?? [];
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name="reason"
        className={ui.input}
        style={{ width: "100%", maxWidth: "100%", minWidth: 0, textOverflow: "ellipsis" }}
        defaultValue={typeof failure?.input.reason === "string" ? failure.input.reason : ""}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length > 0 ? `${id}-error` : undefined}
        data-shortcut="r"
      >
        <option value="">{placeholder}</option>
        {reasons.map((reason) => (
          <option key={reason} value={reason}>
            {reasonLabel(reason)}
          </option>
        ))}
      </select>
      <ErrorLine id={`${id}-error`} name="reason" message={errors.map((message) => translateMessage(t, message)).join(" ") || undefined} />
    </div>
  );
}
