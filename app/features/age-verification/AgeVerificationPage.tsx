/**
 * user/age_check_verification (issue 30 item 1, ADR 105): the fsk18 age verification, a closed user group. The state
 * (0 init, 1 pending, 2 verified), then the one form that moves it on: choose a PIN and identify at the provider, or
 * enter the PIN for this login session. Plain forms; works without JavaScript.
 */
import { getFormProps, useForm } from "~/components/form/use-form";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AGE_PIN_LENGTH, type AgeVerificationStatusName } from "#server/contract/age-verification";
import { LANGUAGE_TAGS } from "#server/contract/locales";
import { FormErrors, FormField } from "~/components/Field";
import { allErrors, readReply } from "~/components/form/reply";
import { useLang, useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import type { loadAgeVerification, submitAgeVerification } from "./age-verification.server";
import * as css from "./age-verification.css";

// The form's schema, loaded on its first focus, input or submit (ADR 156): the action parses with the same.
const loadStartSchema = () => import("#server/contract/age-verification").then((m) => m.ageVerificationStartSchema);
const loadAuthenticateSchema = () => import("#server/contract/age-verification").then((m) => m.ageVerificationAuthenticateSchema);

const PIN_INPUT = { inputMode: "numeric", autoComplete: "off", maxLength: AGE_PIN_LENGTH, type: "password" } as const;

export function AgeVerificationPage() {
  const { state, forced, returned, unlocked } = useLoaderData<typeof loadAgeVerification>();
  const actionData = useActionData<typeof submitAgeVerification>();
  const reply = readReply(actionData?.lastResult);
  const { t } = useTranslation();
  const lang = useLang();
  const to = useLocalePath();
  const date = (ms: number) => new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], { dateStyle: "medium", timeStyle: "short" }).format(ms);

  const [startForm, startFields] = useForm({
    id: "age-start",
    lastResult: reply.intent === "start" ? actionData?.lastResult : undefined,
    schema: loadStartSchema,
    shouldValidate: "onSubmit",
  });
  const [pinForm, pinFields] = useForm({
    id: "age-pin",
    lastResult: reply.intent === "authenticate" ? actionData?.lastResult : undefined,
    schema: loadAuthenticateSchema,
    shouldValidate: "onSubmit",
  });

  const verified = state.status === "verified";
  const locked = verified && state.pinAttemptsLeft === 0;
  const showStart = state.providerAvailable && (!verified || locked);
  const showPin = verified && !locked && !state.sessionAuthenticated;

  return (
    <main className={ui.narrow}>
      <div className={ui.card}>
        <h1>{t("age_verification.title")}</h1>
        {forced && !verified ? (
          <p className={ui.alert} role="alert" data-testid="age-check-forced">
            {t("age_verification.forced")}
          </p>
        ) : null}

        <p className={css.status} data-testid="age-verification-status" data-status={state.status}>
          <span className={css.badge[state.status as AgeVerificationStatusName]}>{t(`age_verification.status_${state.status}`)}</span>
          {verified && state.verifiedAt ? (
            <span className={ui.muted}>{t("age_verification.verified_since", { date: date(state.verifiedAt) })}</span>
          ) : null}
        </p>

        {state.status === "pending" && state.startedAt ? (
          <p className={ui.notice} role="status" data-testid="age-verification-pending">
            {t(returned ? "age_verification.returned_pending" : "age_verification.pending", { date: date(state.startedAt) })}
          </p>
        ) : null}
        {state.declined && state.status === "init" ? (
          <p className={ui.alert} role="status" data-testid="age-verification-declined">
            {t("age_verification.declined")}
          </p>
        ) : null}
        {verified && state.sessionAuthenticated ? (
          <p className={ui.notice} role="status" data-testid="age-verification-open">
            {t(unlocked ? "age_verification.session_opened" : "age_verification.session_open")}
          </p>
        ) : null}
        {locked ? (
          <p className={ui.alert} role="alert" data-testid="age-verification-locked">
            {t("age_verification.locked")}
          </p>
        ) : null}
        {!state.providerAvailable && !verified ? (
          <p className={ui.alert} role="status">
            {t("age_verification.unavailable")}
          </p>
        ) : null}

        {/* A post of neither form (no or an unknown intent). */}
        <FormErrors errors={reply.intent === "start" || reply.intent === "authenticate" ? [] : allErrors(reply)} />

        {showPin ? (
          <Form method="post" className={ui.stack} {...getFormProps(pinForm)}>
            <h2 className={css.heading}>{t("age_verification.authenticate_title")}</h2>
            <p className={ui.muted}>{t("age_verification.authenticate_intro")}</p>
            <FormErrors errors={pinForm.errors ?? []} />
            <input type="hidden" name="intent" value="authenticate" />
            <FormField
              label={t("age_verification.pin_label")}
              hint={t("age_verification.attempts_left", { count: state.pinAttemptsLeft })}
              field={pinFields.pin}
              {...PIN_INPUT}
            />
            <button className={ui.button} type="submit">
              {t("age_verification.authenticate")}
            </button>
          </Form>
        ) : null}

        {showStart ? (
          <Form method="post" className={ui.stack} {...getFormProps(startForm)}>
            <h2 className={css.heading}>
              {t(state.status === "init" && !locked ? "age_verification.start_title" : "age_verification.restart_title")}
            </h2>
            <ol className={css.steps}>
              <li>{t("age_verification.step_pin")}</li>
              <li>{t("age_verification.step_provider")}</li>
              <li>{t("age_verification.step_session")}</li>
            </ol>
            <p className={ui.muted}>{t("age_verification.free")}</p>
            <FormErrors errors={startForm.errors ?? []} />
            <input type="hidden" name="intent" value="start" />
            <FormField
              label={t("age_verification.pin_new_label")}
              hint={t("age_verification.pin_hint")}
              field={startFields.pin}
              {...PIN_INPUT}
            />
            <FormField label={t("age_verification.pin_confirmation_label")} field={startFields.pin_confirmation} {...PIN_INPUT} />
            <button className={ui.button} type="submit">
              {t(state.status === "pending" ? "age_verification.restart" : "age_verification.start")}
            </button>
          </Form>
        ) : null}

        <p className={ui.muted}>{t("age_verification.closed_group")}</p>
        <p>
          <Link to={to("about/guidelines_and_policies")}>{t("age_verification.why")}</Link>
        </p>
        {forced && !verified ? (
          <Form method="post" action={to("logout")}>
            <button className={ui.buttonSecondary} type="submit">
              {t("nav.logout")}
            </button>
          </Form>
        ) : (
          <p>
            <Link to={to("user")}>{t("age_verification.back_to_settings")}</Link>
          </p>
        )}
      </div>
    </main>
  );
}
