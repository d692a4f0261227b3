/**
 * user/email_password, the page: the address (with a change waiting for its link, and a way to withdraw
 * it) and the password, each its own plain form; or, from the mail's link, the one confirm button.
 */
import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, useForm } from "~/components/form/use-form";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PASSWORD_MIN } from "#server/contract/form-limits";
import { FormField, FormErrors } from "~/components/Field";
import { NewPasswordFields } from "~/components/form/NewPasswordFields";
import { allErrors, readReply } from "~/components/form/reply";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { SettingsFrame } from "./SettingsFrame";
import * as css from "./settings.css";

// The form's schema, loaded on its first focus, input or submit (ADR 156): the action parses with the same.
const loadChangeEmailSchema = () => import("#server/contract/settings").then((m) => m.changeEmailSchema);
const loadChangePasswordSchema = () => import("#server/contract/settings").then((m) => m.changePasswordSchema);

export interface EmailPasswordView {
  mode: "manage" | "confirm" | "confirmed";
  token: string;
  settings: { email: string; isEmailVerified: boolean; pending: { email: string; expiresAt: number } | null } | null;
}

interface Answer {
  lastResult: SubmissionResult<string[]>;
}

const NOTICES = ["sent", "cancelled", "confirmed", "password_changed"] as const;

function EmailForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("account");
  const [form, fields] = useForm({
    id: "email-form",
    lastResult,
    schema: loadChangeEmailSchema,
    shouldValidate: "onBlur",
  });
  return (
    <Form method="post" className={ui.stack} {...getFormProps(form)}>
      <input type="hidden" name="intent" value="email" />
      <FormErrors errors={form.errors ?? []} />
      <FormField label={t("settings.email.new_email")} autoComplete="email" field={fields.email} type="email" />
      <FormField
        label={t("settings.email.current_password")}
        autoComplete="current-password"
        field={fields.current_password}
        type="password"
        id="email-current-password"
      />
      <div className={ui.row}>
        <button className={ui.button} type="submit">
          {t("settings.email.submit")}
        </button>
      </div>
    </Form>
  );
}

function PasswordForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("account");
  const [form, fields] = useForm({
    id: "password-form",
    lastResult,
    schema: loadChangePasswordSchema,
    shouldValidate: "onBlur",
  });
  return (
    <Form method="post" className={ui.stack} {...getFormProps(form)}>
      <input type="hidden" name="intent" value="password" />
      <FormErrors errors={form.errors ?? []} />
      <FormField
        label={t("settings.password.current_password")}
        autoComplete="current-password"
        field={fields.current_password}
        type="password"
        id="password-current-password"
      />
      <NewPasswordFields
        password={fields.password}
        confirmation={fields.password_confirmation}
        label={t("settings.password.new_password")}
        hint={t("settings.password.hint", { min: PASSWORD_MIN })}
        confirmationLabel={t("settings.password.confirmation")}
      />
      <div className={ui.row}>
        <button className={ui.button} type="submit">
          {t("settings.password.submit")}
        </button>
      </div>
    </Form>
  );
}

export function EmailPasswordPage({ view, answer, notice }: { view: EmailPasswordView; answer: Answer | null; notice: string | null }) {
  const reply = readReply(answer?.lastResult);
  const { t, i18n } = useTranslation("account");
  const to = useLocalePath();
  const shownNotice = NOTICES.find((key) => key === notice);
  if (view.mode !== "manage") {
    return (
      <main className={ui.narrow}>
        <div className={`${ui.card} ${ui.stack}`}>
          <h1>{t("settings.email.confirm_title")}</h1>
          {view.mode === "confirmed" ? (
            <>
              <p className={ui.notice} role="status" data-testid="settings-notice">
                {t("settings.notices.confirmed")}
              </p>
              <Link to={to("login")}>{t("settings.email.to_login")}</Link>
            </>
          ) : view.token ? (
            <Form method="post" className={ui.stack}>
              <FormErrors errors={allErrors(reply)} />
              <p>{t("settings.email.confirm_text")}</p>
              <input type="hidden" name="intent" value="confirm" />
              <input type="hidden" name="token" value={view.token} />
              <div className={ui.row}>
                <button className={ui.button} type="submit">
                  {t("settings.email.confirm_submit")}
                </button>
              </div>
            </Form>
          ) : (
            <FormErrors errors={["exception.settings.email_change_invalid"]} />
          )}
        </div>
      </main>
    );
  }
  const settings = view.settings!;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <SettingsFrame title={t("settings.pages.email_password.title")} notice={shownNotice ? t(`settings.notices.${shownNotice}`) : null}>
      <section className={`${ui.card} ${ui.stack}`} aria-labelledby="email-title">
        <h2 id="email-title" className={css.cardTitle}>
          {t("settings.email.title")}
        </h2>
        <p data-testid="current-email">
          {t("settings.email.current", { email: settings.email })}{" "}
          <span className={ui.muted}>{settings.isEmailVerified ? t("settings.email.verified") : t("settings.email.unverified")}</span>
        </p>
        {settings.pending ? (
          <div className={ui.notice} data-testid="pending-email">
            <p>{t("settings.email.pending", { email: settings.pending.email, until: date.format(settings.pending.expiresAt) })}</p>
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <button className={ui.buttonSecondary} type="submit">
                {t("settings.email.cancel")}
              </button>
            </Form>
          </div>
        ) : null}
        {/* A post of none of the forms (no or an unknown intent): above them. */}
        {reply.intent === "email" || reply.intent === "password" ? null : <FormErrors errors={allErrors(reply)} />}
        <EmailForm lastResult={reply.intent === "email" ? (answer?.lastResult ?? null) : null} />
      </section>
      <section className={`${ui.card} ${ui.stack}`} aria-labelledby="password-title">
        <h2 id="password-title" className={css.cardTitle}>
          {t("settings.password.title")}
        </h2>
        <p className={ui.muted}>{t("settings.password.intro")}</p>
        <PasswordForm lastResult={reply.intent === "password" ? (answer?.lastResult ?? null) : null} />
      </section>
    </SettingsFrame>
  );
}
