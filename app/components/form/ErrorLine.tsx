import * as ui from "~/styles/ui.css";
import * as css from "./error-summary.css";

/** The anchor of a field's error, what the page's error summary links to (ErrorSummary): one per field name. */
export const errorAnchorId = (name: string) => `error-${name}`;

/**
 * The line under a field that carries its error (or stays empty, keeping the layout still): the one
 * error line of every form (issue 8 item 2). `message` is already translated. With a message it holds the field's
 * error anchor (`#error-<name>`), so the summary at the page's top can link to every refused field of any form
 * (issue 25 item 5); a jump there keeps the field's label and control in view above the line.
 */
export function ErrorLine({
  name,
  id = `field-${name}-error`,
  message,
  alsoFor = [],
}: {
  name: string;
  id?: string;
  message?: string;
  /** The fields of a group whose errors this one line shows (the birth date's day, month and year): their anchors. */
  alsoFor?: readonly string[];
}) {
  return (
    <p id={id} className={ui.fieldError} data-field-error={name} aria-live="polite">
      {message ? [name, ...alsoFor].map((field) => <span key={field} id={errorAnchorId(field)} className={css.anchor} />) : null}
      {message ?? ""}
    </p>
  );
}
