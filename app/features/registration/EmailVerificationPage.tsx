/**
 * The e-mail verification page (individuals and businesses alike): confirm
 * a link's token with a button (a POST, never on GET), or see where the
 * mail went and ask for a new one.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/Field";
import { allErrors, readReply } from "~/components/form/reply";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { withReturnPath } from "~/utils/return-path";

export interface EmailVerificationData {
  kind: "user" | "business";
  token: string | null;
  badLink: boolean;
  verified: boolean;
  sent: boolean;
  signedIn: boolean;
  email: string | null;
  isEmailVerified: boolean;
  /** The page that asked for verification (or where sign-up started): "later" and "continue" lead back there. */
  returnTo: string | null;
}

export function EmailVerificationPage({
  page,
  action,
}: {
  page: EmailVerificationData;
  action?: { lastResult: SubmissionResult<string[]> };
}) {
  const reply = readReply(action?.lastResult);
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const self = to(`join/${page.kind}/email`);

  if (page.verified) {
    return (
      <Shell title={t("registration.email.verified_title")}>
        <p className={ui.notice} role="status" data-testid="email-verified">
          {t("registration.email.verified_text")}
        </p>
        <p>
          <Link
            className={page.signedIn ? ui.button : ui.linkButton}
            to={page.signedIn ? (page.returnTo ?? to("my_dashboard")) : withReturnPath(to("login"), page.returnTo)}
            data-testid="email-continue"
          >
            {page.signedIn ? t("registration.email.continue") : t("registration.email.login")}
          </Link>
        </p>
      </Shell>
    );
  }

  if (page.token) {
    return (
      <Shell title={t("registration.email.confirm_title")}>
        <p>{t("registration.email.confirm_text")}</p>
        <FormErrors errors={allErrors(reply)} />
        {/* The token stays in the URL so a failed confirm re-renders this view with its error. */}
        <Form method="post" action={`${self}?token=${encodeURIComponent(page.token)}`}>
          <input type="hidden" name="token" value={page.token} />
          <button className={ui.button} type="submit" name="intent" value="verify" disabled={busy} data-testid="email-confirm">
            {t("registration.email.confirm_button")}
          </button>
        </Form>
      </Shell>
    );
  }

  return (
    <Shell title={t("registration.email.title")}>
      {page.badLink ? <FormErrors errors={["exception.email_verification.invalid_or_expired"]} /> : null}
      {page.isEmailVerified ? (
        <p className={ui.notice} role="status">
          {t("registration.email.already_verified")}
        </p>
      ) : (
        <>
          <p>{t("registration.email.check_inbox", { email: page.email ?? "" })}</p>
          <p className={ui.muted}>{t("registration.email.spam_hint")}</p>
          {page.sent ? (
            <p className={ui.notice} role="status" data-testid="email-sent">
              {t("registration.email.sent")}
            </p>
          ) : null}
          <FormErrors errors={allErrors(reply)} />
          {page.signedIn ? (
            <Form method="post" action={self}>
              <button className={ui.buttonSecondary} type="submit" name="intent" value="resend" disabled={busy} data-testid="email-resend">
                {t("registration.email.resend")}
              </button>
            </Form>
          ) : null}
        </>
      )}
      {/* Nothing forces verification (ADR 024): "later" goes back to where the member was, never in a circle. */}
      <p>
        <Link to={page.returnTo ?? to("")} data-testid="email-later">
          {t("registration.email.later")}
        </Link>
      </p>
    </Shell>
  );
}

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className={ui.narrow}>
      <div className={ui.card}>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
