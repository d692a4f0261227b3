/**
 * user/kyc (issue 30 item 3, ADR 109): the member's check for payouts, one line per step — identity, age, the creator
 * agreement, the sanctions screening — with its state and the way to do it, the whole state above, staff's reason
 * after a reset or expiry, and payouts held meanwhile. Plain links and one plain form; the page is not hydrated.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { KycStep } from "#server/contract/kyc";
import type { KycData } from "~/api/kyc.server";
import { FormErrors } from "~/components/Field";
import { allErrors, type FormReply } from "~/components/form/reply";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import type { KycDone } from "./kyc.server";
import * as css from "./kyc.css";

/** Where each step is done (paths after the language). */
const STEP_PATHS: Record<KycStep, string> = {
  idv: "user/verification#id",
  age: "user/age_check_verification",
  esign: "user/kyc/agreement",
  aml: "user/kyc#aml",
};

export function KycPage({ kyc, done, failure }: { kyc: KycData | null; done: KycDone | null; failure: FormReply | null }) {
  const { t, i18n } = useTranslation("kyc");
  const to = useLocalePath();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  if (!kyc)
    return (
      <main className={ui.narrow}>
        <div className={ui.stack}>
          <h1>{t("kyc.page.title")}</h1>
          <p className={ui.card} data-testid="kyc-not-earner">
            {t("kyc.page.not_earner")}
          </p>
        </div>
      </main>
    );
  const aml = kyc.steps.find((step) => step.step === "aml")!;
  const mayScreen = kyc.signature !== null && (aml.state === "expired" || aml.state === "missing");
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{t("kyc.page.title")}</h1>
        <p className={ui.muted}>{t("kyc.page.intro")}</p>
        {done ? (
          <p className={ui.notice} role="status" data-testid="kyc-done">
            {t(`kyc.done.${done}`)}
          </p>
        ) : null}
        <section className={`${ui.card} ${ui.stack}`} data-testid="kyc-state" data-state={kyc.state}>
          <h2 className={css.title}>{t(`kyc.states.${kyc.state}.title`)}</h2>
          <p className={css.text}>
            {kyc.state === "complete" && kyc.expiresAt !== null
              ? t("kyc.states.complete.text", { date: date.format(kyc.expiresAt) })
              : t(`kyc.states.${kyc.state}.text`)}
          </p>
          {kyc.lastStaffAction && kyc.state !== "complete" ? (
            <p className={ui.alert} data-testid="kyc-staff-reason">
              {t(`kyc.staff_action.${kyc.lastStaffAction.action}`, {
                date: date.format(kyc.lastStaffAction.at),
                reason: kyc.lastStaffAction.reason,
              })}
            </p>
          ) : null}
          {kyc.screening?.decision === "rejected" && kyc.screening.reason ? (
            <p className={ui.alert} data-testid="kyc-rejected-reason">
              {t("kyc.steps.aml.rejected_reason", { reason: kyc.screening.reason })}
            </p>
          ) : null}
          {kyc.heldPayouts > 0 ? (
            <p className={ui.muted} data-testid="kyc-held">
              {t("kyc.page.held", { count: kyc.heldPayouts })}
            </p>
          ) : null}
          <Link to={to("user/dollar/payout")} className={ui.blockLink}>
            {t("kyc.page.to_payouts")}
          </Link>
        </section>
        <ol className={css.steps} data-testid="kyc-steps">
          {kyc.steps.map((step) => (
            <li
              key={step.step}
              id={step.step}
              className={css.step}
              data-testid={`kyc-step-${step.step}`}
              data-state={step.state}
              data-done={step.state === "done" ? "1" : "0"}
            >
              <h2 className={css.stepTitle}>{t(`kyc.steps.${step.step}.title`)}</h2>
              <p className={css.text}>{t(`kyc.steps.${step.step}.what`)}</p>
              <p className={css.status}>
                <span className={step.state === "done" ? css.good : css.open}>{t(`kyc.step_states.${step.state}`)}</span>
                {step.doneAt !== null && step.state === "done" ? ` · ${date.format(step.doneAt)}` : null}
              </p>
              {step.step === "aml" ? (
                mayScreen ? (
                  <Form method="post" className={ui.stack}>
                    {failure ? <FormErrors errors={allErrors(failure)} /> : null}
                    <button className={ui.button} type="submit" name="intent" value="screen" data-testid="kyc-screen">
                      {t("kyc.steps.aml.again")}
                    </button>
                  </Form>
                ) : kyc.signature === null ? (
                  <p className={ui.muted}>{t("kyc.steps.aml.after_sign")}</p>
                ) : null
              ) : step.state !== "done" ? (
                <Link className={ui.linkButton} to={to(STEP_PATHS[step.step])} data-testid={`kyc-do-${step.step}`}>
                  {t(`kyc.steps.${step.step}.do`)}
                </Link>
              ) : null}
            </li>
          ))}
        </ol>
      </div>
    </main>
  );
}
