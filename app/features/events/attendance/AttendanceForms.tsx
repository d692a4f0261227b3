/**
 * The plain forms of attendance: each button is its own form posting to `events/{category}/{slug}/attendance`, which
 * redirects back to `returnTo` (works without JavaScript). Shared by the event page's section and the attendees page.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { AttendanceChoice, AttendanceDecision } from "#server/contract/events-attendance";
import * as ui from "~/styles/ui.css";
import * as css from "./attendance.css";

export function ChoiceButton({
  action,
  returnTo,
  choice,
  primary,
}: {
  action: string;
  returnTo: string;
  choice: AttendanceChoice;
  primary?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" action={action} className={css.inlineForm}>
      <input type="hidden" name="intent" value="choose" />
      <input type="hidden" name="attendance" value={choice} />
      <input type="hidden" name="r" value={returnTo} />
      <button type="submit" className={primary ? ui.button : ui.buttonSecondary} data-testid={`attendance-${choice}`}>
        {t(`events_attendance.choose.${choice}`)}
      </button>
    </Form>
  );
}

const DECISION_STYLE: Record<AttendanceDecision, string> = { accept: ui.button, reject: ui.buttonSecondary, refuse: ui.buttonSecondary };

/** The organizer's buttons for one member: accept (a waiting request only), reject, refuse. */
export function DecisionButtons({
  action,
  returnTo,
  username,
  decisions,
}: {
  action: string;
  returnTo: string;
  username: string;
  decisions: readonly AttendanceDecision[];
}) {
  const { t } = useTranslation();
  const form = (decision: AttendanceDecision, testId: string, label: string) => (
    <Form key={decision} method="post" action={action} className={css.inlineForm}>
      <input type="hidden" name="intent" value="decide" />
      <input type="hidden" name="username" value={username} />
      <input type="hidden" name="decision" value={decision} />
      <input type="hidden" name="r" value={returnTo} />
      <button type="submit" className={DECISION_STYLE[decision]} data-testid={testId}>
        {label}
      </button>
    </Form>
  );
  return (
    <div className={css.actions}>
      {decisions.map((decision) =>
        // Refusing is for good (no new request for this event): it asks once more, in a disclosure that needs no script.
        decision === "refuse" ? (
          <details key={decision} className={css.confirm}>
            <summary className={ui.buttonSecondary} data-testid={`decide-refuse-${username}`}>
              {t("events_attendance.decide.refuse")}
            </summary>
            <p>{t("events_attendance.decide.refuse_explained", { username })}</p>
            {form("refuse", `decide-refuse-confirm-${username}`, t("events_attendance.decide.refuse_confirm"))}
          </details>
        ) : (
          form(decision, `decide-${decision}-${username}`, t(`events_attendance.decide.${decision}`))
        ),
      )}
    </div>
  );
}

/** What the last post did (a notice) or why it was refused (an alert), from the address it returned to. */
export function AttendanceOutcome({ outcome }: { outcome: { done: string | null; error: string | null } }) {
  const { t } = useTranslation();
  if (outcome.error)
    return (
      <p className={ui.alert} role="alert" data-testid="attendance-error">
        {t(outcome.error)}
      </p>
    );
  if (outcome.done)
    return (
      <p className={ui.notice} role="status" data-testid="attendance-done">
        {t(`events_attendance.done.${outcome.done}`)}
      </p>
    );
  return null;
}
