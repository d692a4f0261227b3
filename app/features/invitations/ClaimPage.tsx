/** invites/{code}: the claim page. Steps, each a plain form: preview with "send me a code" → enter the 6-digit code
 * (or ask for a new one) → set a password → signed in. This page only shows the state the API answers. */
import { getFormProps, useForm } from "~/components/form/use-form";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PASSWORD_MIN } from "#server/contract/form-limits";
import type { ClaimPreviewData as ClaimPreview } from "~/api/registration.server";
import { FormField, FormErrors } from "~/components/Field";
import { allErrors, readReply } from "~/components/form/reply";
import { NewPasswordFields } from "~/components/form/NewPasswordFields";
import { VerificationCodeField } from "~/components/form/VerificationCodeField";
import { Picture } from "~/components/Picture";
import * as pictureCss from "~/components/picture.css";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import type { ClaimStep as ClaimStepName, loadClaim, submitClaim } from "./claim.server";

// The form's schema, loaded on its first focus, input or submit (ADR 156): the action parses with the same.
const loadClaimVerifySchema = () => import("#server/contract/invites").then((m) => m.claimVerifySchema);
const loadClaimPasswordSchema = () => import("#server/contract/invites").then((m) => m.claimPasswordFormSchema);

export function ClaimPage() {
  const loaderData = useLoaderData<typeof loadClaim>();
  const { t } = useTranslation();
  const to = useLocalePath();
  if (loaderData.kind !== "open") {
    return (
      <main className={ui.narrow}>
        <div className={ui.card} data-testid={`claim-${loaderData.kind}`}>
          <h1>{loaderData.title}</h1>
          <p>{t(loaderData.kind === "claimed" ? "invitations.claim.claimed_text" : "invitations.claim.missing_text")}</p>
          <p>
            <Link to={to(loaderData.kind === "claimed" ? "login" : "")}>
              {t(loaderData.kind === "claimed" ? "invitations.claim.to_login" : "invitations.claim.to_home")}
            </Link>
          </p>
        </div>
      </main>
    );
  }
  const { claim, step, sent, title } = loaderData;
  return (
    <main className={ui.narrow}>
      <div className={ui.card}>
        <h1>{title}</h1>
        <div className={ui.row} data-testid="claim-preview">
          {claim.avatar ? (
            <Picture image={claim.avatar} alt="" sizes="96px" width={96} height={96} className={pictureCss.round} priority />
          ) : null}
          <div>
            <strong>{claim.displayName}</strong>
            <div className={ui.muted}>
              @{claim.username}
              {claim.cityName ? ` · ${claim.cityName}` : ""}
            </div>
          </div>
        </div>
        <ClaimStep step={step} claim={claim} sent={sent} />
      </div>
    </main>
  );
}

function ClaimStep({ step, claim, sent }: { step: ClaimStepName; claim: ClaimPreview; sent: boolean }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof submitClaim>();
  const target = t(claim.targetKind === "email" ? "invitations.claim.target_email" : "invitations.claim.target_phone", {
    target: claim.targetHint,
  });
  // A refused send, or a post of none of the forms: above the forms (the others answer at their own form).
  const reply = readReply(actionData?.lastResult);
  const generalErrors = reply.intent === "verify" || reply.intent === "password" ? [] : allErrors(reply);
  if (step === "locked") {
    return (
      <p role="alert" className={ui.alert} data-testid="claim-locked">
        {t("invitations.claim.locked")}
      </p>
    );
  }
  if (step === "password") return <PasswordStep needsEmail={claim.targetKind === "phone"} />;
  return (
    <div className={ui.stack}>
      <FormErrors errors={generalErrors} />
      {step === "start" ? (
        <>
          <p>{t("invitations.claim.intro", { target })}</p>
          <SendForm label={t("invitations.claim.send")} />
        </>
      ) : (
        <>
          {sent ? (
            <p className={ui.notice} role="status" data-testid="claim-sent">
              {t("invitations.claim.sent", { target })}
            </p>
          ) : null}
          <VerifyForm attemptsLeft={claim.attemptsLeft} />
          <p className={ui.muted}>{t("invitations.claim.no_code")}</p>
          <SendForm label={t("invitations.claim.resend")} secondary />
        </>
      )}
    </div>
  );
}

function SendForm({ label, secondary }: { label: string; secondary?: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="send" />
      <button className={secondary ? ui.buttonSecondary : ui.button} type="submit">
        {label}
      </button>
    </Form>
  );
}

function VerifyForm({ attemptsLeft }: { attemptsLeft: number }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof submitClaim>();
  const [form, fields] = useForm({
    id: "claim-verify",
    lastResult: readReply(actionData?.lastResult).intent === "verify" ? actionData?.lastResult : undefined,
    schema: loadClaimVerifySchema,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className={ui.stack} {...getFormProps(form)}>
      <FormErrors errors={form.errors ?? []} />
      <input type="hidden" name="intent" value="verify" />
      <VerificationCodeField
        label={t("invitations.claim.code_label")}
        hint={t("invitations.claim.code_hint", { count: attemptsLeft })}
        field={fields.code}
      />
      <button className={ui.button} type="submit">
        {t("invitations.claim.verify")}
      </button>
    </Form>
  );
}

function PasswordStep({ needsEmail }: { needsEmail: boolean }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof submitClaim>();
  const { pathname } = useLocation();
  const [form, fields] = useForm({
    id: "claim-password",
    lastResult: readReply(actionData?.lastResult).intent === "password" ? actionData?.lastResult : undefined,
    schema: loadClaimPasswordSchema,
    shouldValidate: "onBlur",
  });
  return (
    <Form method="post" action={pathname} className={ui.stack} {...getFormProps(form)}>
      <p>{t("invitations.claim.password_intro")}</p>
      <FormErrors errors={form.errors ?? []} />
      <input type="hidden" name="intent" value="password" />
      {needsEmail ? <FormField label={t("invitations.claim.email")} autoComplete="email" field={fields.email} type="email" /> : null}
      <NewPasswordFields
        password={fields.password}
        confirmation={fields.password_confirmation}
        label={t("invitations.claim.password")}
        hint={t("invitations.claim.password_hint", { min: PASSWORD_MIN })}
        confirmationLabel={t("invitations.claim.password_confirmation")}
      />
      <button className={ui.button} type="submit">
        {t("invitations.claim.bind")}
      </button>
    </Form>
  );
}
