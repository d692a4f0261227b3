/**
 * The error summary of a refused post (issue 25 item 5, ADR 071): the first thing under the header after a form was
 * refused, on every page, a count ("Bitte prüfe 2 Angaben") and one line per error that links to its field. Without
 * JavaScript a refused post is a new page that opens at its top, and a form far down the page (a review's text sits
 * 2,600 px down at 390 px) showed its errors where nobody looked.
 *
 * The layout renders it (./ErrorSummarySlot), so no form can forget it: it reads the reply of whichever route's action
 * answered (every action answers a refusal with the form kit's `{ lastResult }`, ADR 063). A field's link is `#error-<name>`, the
 * anchor the kit's one error line (ErrorLine) holds while it shows an error: the ids of the controls differ by form
 * (conform's `<form id>-<name>`, a page's own), the error line's anchor does not. An error without a field is a line
 * without a link.
 */
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { SubmissionResult } from "@conform-to/react";
import { translateMessage } from "~/i18n/translate";
import * as css from "./error-summary.css";
import { errorAnchorId } from "./ErrorLine";
import { readReply } from "./reply";

export interface SummaryLine {
  /** The field the error belongs to (null: the form's own error); with `count` > 1 the first of the fields. */
  field: string | null;
  message: string;
  /** How many fields have this same message (six criteria without a rating are one line, "6×"). */
  count: number;
}

const isReply = (value: unknown): value is SubmissionResult<string[]> =>
  typeof value === "object" && value !== null && ("error" in value || "initialValue" in value || "status" in value);

/** The form's "correct the marked fields": said by the summary itself whenever it lists a field. */
const CORRECT_ALL_FIELDS = "validation.correct_all_fields";

/**
 * The lines of an action's answer: each field's first error, in the form's order, fields with the same message as one
 * line that links to the first of them and says how many; then the form's own errors (but not "correct the marked
 * fields" beside the fields themselves).
 */
export function summaryLines(answer: unknown): SummaryLine[] {
  if (typeof answer !== "object" || answer === null || !("lastResult" in answer)) return [];
  const result = (answer as { lastResult: unknown }).lastResult;
  if (!isReply(result)) return [];
  const reply = readReply(result);
  const byMessage = new Map<string, SummaryLine>();
  for (const [field, messages] of Object.entries(reply.fieldErrors)) {
    const line = byMessage.get(messages[0]!);
    if (line) line.count += 1;
    else byMessage.set(messages[0]!, { field, message: messages[0]!, count: 1 });
  }
  const lines = [...byMessage.values()];
  const shown = new Set(byMessage.keys());
  if (lines.length > 0) shown.add(CORRECT_ALL_FIELDS);
  for (const message of new Set(reply.formErrors)) if (!shown.has(message)) lines.push({ field: null, message, count: 1 });
  return lines;
}

/**
 * The summary of a refused post's answer (the layout's `./ErrorSummarySlot` loads this module only when an action
 * refused a post, ADR 167).
 */
export default function RefusalSummary({ answer }: { answer: unknown }) {
  // One list per answer: the focus moves once, when a new refusal arrives, not at every render of the layout.
  const lines = useMemo(() => summaryLines(answer), [answer]);
  return <ErrorSummaryList lines={lines} />;
}

export function ErrorSummaryList({ lines }: { lines: SummaryLine[] }) {
  const { t, i18n } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // With JavaScript (a post without a new page) the summary takes the focus, as a new page's top would.
  useEffect(() => {
    if (lines.length > 0) heading.current?.focus();
  }, [lines]);
  if (lines.length === 0) return null;
  return (
    <section className={css.summary} aria-labelledby="error-summary-title" data-error-summary>
      <h2 id="error-summary-title" className={css.title} tabIndex={-1} ref={heading}>
        {t("form_summary.title", { count: lines.reduce((sum, line) => sum + line.count, 0) })}
      </h2>
      <ul className={css.list}>
        {lines.map((line, index) => {
          const message = translateMessage(t, line.message, undefined, i18n.language);
          const text = line.count > 1 ? t("form_summary.repeated", { message, times: line.count }) : message;
          return (
            <li key={index}>
              {line.field ? (
                <a className={css.link} href={`#${errorAnchorId(line.field)}`}>
                  {text}
                </a>
              ) : (
                text
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
