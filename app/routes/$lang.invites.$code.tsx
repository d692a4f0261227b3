/**
 * invites/{code}: a person claims the profile prepared for them. Steps, each
 * a plain form: preview with "send me a code" → enter the 6-digit code (or
 * ask for a new one) → set a password → signed in. The API decides every
 * rule; this page only shows the state it answers.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ErrorItem } from "#server/contract/errors";
import { claimPasswordFormSchema, claimVerifySchema } from "#server/contract/invites";
import { PASSWORD_MIN } from "#server/contract/validation";
import { createApiClient } from "~/api/client.server";
import {
  bindClaimPassword,
  fetchClaimPreview,
  resendClaimCode,
  verifyClaimCode,
  type ClaimPreviewData as ClaimPreview,
} from "~/api/registration.server";
import { destinationForToken } from "~/api/destination.server";
import { Field, FormErrors } from "~/components/Field";
import { Picture } from "~/components/Picture";
import * as pictureCss from "~/components/picture.css";
import { i18nServer } from "~/i18n/i18next.server";
import { useLocalePath } from "~/i18n/lang";
import { loginCookies } from "~/session/session.server";
import * as ui from "~/styles/ui.css";
import { claimTokenCookie, clearClaimTokenCookie, readClaimToken } from "~/utils/claims.server";
import { replyWithApiErrors } from "~/utils/forms.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { readFormData } from "~/utils/form-data.server";

export const handle = { i18n: ["invites"] };

// The invite code is in the URL: it must not leak to other sites through the Referer.
const HEADERS = { ...PRIVATE_HEADERS, "Referrer-Policy": "same-origin" };

type Step = "start" | "code" | "password" | "locked";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  const code = params.code ?? "";
  const api = createApiClient({ request, context });
  const result = await fetchClaimPreview(api, code);
  if (!result.ok) {
    const claimed = result.status === 409;
    return data(
      {
        kind: claimed ? ("claimed" as const) : ("missing" as const),
        title: t(claimed ? "invites.claim.claimed_title" : "invites.claim.missing_title"),
        claim: null,
        step: null,
        sent: false,
      },
      { status: claimed ? 410 : 404, headers: HEADERS },
    );
  }
  const claim = result.data;
  const hasToken = readClaimToken(request, code) !== null;
  const step: Step =
    claim.state === "verified" && hasToken
      ? "password"
      : claim.state === "code_sent"
        ? "code"
        : claim.state === "locked"
          ? "locked"
          : "start";
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return data(
    { kind: "open" as const, title: t("invites.claim.title", { name: claim.displayName }), claim, step, sent },
    { headers: HEADERS },
  );
}

export function headers() {
  return HEADERS;
}

export const meta = metaFromLoader({ noindex: true });

// The intent is read before parsing; the object schemas ignore it.
const verifySchema = claimVerifySchema;
const passwordSchema = claimPasswordFormSchema;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const lang = params.lang!;
  const code = params.code ?? "";
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const api = createApiClient({ request, context });
  const fail = (status: number, reply: unknown, formErrors: ErrorItem[] = []) =>
    data({ intent, lastResult: reply, formErrors }, { status, headers: HEADERS });

  if (intent === "send") {
    const result = await resendClaimCode(api, code);
    if (!result.ok) return fail(result.status === 429 ? 429 : 400, null, result.errors);
    throw redirect(`/${lang}/invites/${encodeURIComponent(code)}?sent=1`, { headers: HEADERS });
  }

  if (intent === "verify") {
    const submission = parseWithValibot(formData, { schema: verifySchema });
    if (submission.status !== "success") return fail(400, submission.reply());
    const result = await verifyClaimCode(api, code, { code: submission.value.code });
    if (!result.ok) return fail(result.status === 429 ? 429 : 400, replyWithApiErrors(submission, result.errors, ["code"]));
    const headers = new Headers(HEADERS);
    headers.append("Set-Cookie", claimTokenCookie(code, result.data.bindToken));
    throw redirect(`/${lang}/invites/${encodeURIComponent(code)}`, { headers });
  }

  if (intent === "password") {
    const submission = parseWithValibot(formData, { schema: passwordSchema });
    const hide = ["password", "password_confirmation"];
    if (submission.status !== "success") return fail(400, submission.reply({ hideFields: hide }));
    const bindToken = readClaimToken(request, code);
    if (!bindToken) return fail(403, submission.reply({ formErrors: ["exception.claim.verification_required"], hideFields: hide }));
    const { password, password_confirmation, email } = submission.value;
    const result = await bindClaimPassword(api, code, { bind_token: bindToken, password, password_confirmation, email });
    if (!result.ok)
      return fail(
        result.status === 409 ? 409 : 400,
        replyWithApiErrors(submission, result.errors, ["password", "password_confirmation", "email"], hide),
      );
    const headers = new Headers(HEADERS);
    for (const cookie of loginCookies(result.data.accessToken, false, Date.now())) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", clearClaimTokenCookie());
    const duty = await destinationForToken(request, context, result.data.accessToken, lang);
    throw redirect(duty ?? `/${lang}/my_dashboard?claimed=1`, { headers });
  }
  return fail(400, null, [{ code: 400, title: "validation.invalid", message: "validation.invalid", key: "validation.invalid" }]);
}

export default function ClaimPage() {
  const loaderData = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const to = useLocalePath();
  if (loaderData.kind !== "open") {
    return (
      <main className={ui.narrow}>
        <div className={ui.card} data-testid={`claim-${loaderData.kind}`}>
          <h1>{loaderData.title}</h1>
          <p>{t(loaderData.kind === "claimed" ? "invites.claim.claimed_text" : "invites.claim.missing_text")}</p>
          <p>
            <Link to={to(loaderData.kind === "claimed" ? "login" : "")}>
              {t(loaderData.kind === "claimed" ? "invites.claim.to_login" : "invites.claim.to_home")}
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

function ClaimStep({ step, claim, sent }: { step: Step; claim: ClaimPreview; sent: boolean }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const target = t(claim.targetKind === "email" ? "invites.claim.target_email" : "invites.claim.target_phone", {
    target: claim.targetHint,
  });
  const generalErrors = actionData?.formErrors ?? [];
  if (step === "locked") {
    return (
      <p role="alert" className={ui.alert} data-testid="claim-locked">
        {t("invites.claim.locked")}
      </p>
    );
  }
  if (step === "password") return <PasswordStep needsEmail={claim.targetKind === "phone"} />;
  return (
    <div className={ui.stack}>
      <FormErrors errors={generalErrors} />
      {step === "start" ? (
        <>
          <p>{t("invites.claim.intro", { target })}</p>
          <SendForm label={t("invites.claim.send")} />
        </>
      ) : (
        <>
          {sent ? (
            <p className={ui.notice} role="status" data-testid="claim-sent">
              {t("invites.claim.sent", { target })}
            </p>
          ) : null}
          <VerifyForm attemptsLeft={claim.attemptsLeft} />
          <p className={ui.muted}>{t("invites.claim.no_code")}</p>
          <SendForm label={t("invites.claim.resend")} secondary />
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
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "claim-verify",
    lastResult: actionData?.intent === "verify" ? (actionData.lastResult as never) : undefined,
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: verifySchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" className={ui.stack} {...getFormProps(form)}>
      <FormErrors errors={form.errors ?? []} />
      <input type="hidden" name="intent" value="verify" />
      <Field
        label={t("invites.claim.code_label")}
        hint={t("invites.claim.code_hint", { count: attemptsLeft })}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        {...getInputProps(fields.code, { type: "text" })}
        name="code"
        errors={fields.code.errors}
      />
      <button className={ui.button} type="submit">
        {t("invites.claim.verify")}
      </button>
    </Form>
  );
}

function PasswordStep({ needsEmail }: { needsEmail: boolean }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const { pathname } = useLocation();
  const [form, fields] = useForm({
    id: "claim-password",
    lastResult: actionData?.intent === "password" ? (actionData.lastResult as never) : undefined,
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: passwordSchema }),
    shouldValidate: "onBlur",
  });
  return (
    <Form method="post" action={pathname} className={ui.stack} {...getFormProps(form)}>
      <p>{t("invites.claim.password_intro")}</p>
      <FormErrors errors={[...(form.errors ?? []), ...(actionData?.formErrors ?? [])]} />
      <input type="hidden" name="intent" value="password" />
      {needsEmail ? (
        <Field
          label={t("invites.claim.email")}
          autoComplete="email"
          {...getInputProps(fields.email, { type: "email" })}
          name="email"
          errors={fields.email.errors}
        />
      ) : null}
      <Field
        label={t("invites.claim.password")}
        hint={t("invites.claim.password_hint", { min: PASSWORD_MIN })}
        autoComplete="new-password"
        {...getInputProps(fields.password, { type: "password" })}
        name="password"
        errors={fields.password.errors}
      />
      <Field
        label={t("invites.claim.password_confirmation")}
        autoComplete="new-password"
        {...getInputProps(fields.password_confirmation, { type: "password" })}
        name="password_confirmation"
        errors={fields.password_confirmation.errors}
      />
      <button className={ui.button} type="submit">
        {t("invites.claim.bind")}
      </button>
    </Form>
  );
}
