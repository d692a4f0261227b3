/**
 * user/verification (issue 30 item 2, ADR 107): the member's checks, one card each — the webcam check (a code on
 * screen, then a photo from the front camera through a plain file input with capture=user), the identity document
 * and, for escorts, the ProstSchG registration. Plain forms without JavaScript; the page is not hydrated.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { VerificationKind } from "#server/contract/verification";
import type { VerificationOverviewData } from "~/api/verification.server";
import { FormErrors } from "~/components/Field";
import { ErrorLine } from "~/components/form/ErrorLine";
import { errorsBesides, type FormReply } from "~/components/form/reply";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import type { VerificationForm } from "./verification.server";
import * as css from "./verification.css";

type KindState = VerificationOverviewData["kinds"][number];

export function VerificationPage({
  overview,
  done,
  failure,
}: {
  overview: VerificationOverviewData;
  done: VerificationForm | null;
  failure: { form: VerificationForm; reply: FormReply } | null;
}) {
  const { t } = useTranslation("verification");
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{t("verification.page.title")}</h1>
        <p className={ui.muted}>{t("verification.page.intro")}</p>
        {overview.forcedFakeCheck ? (
          <p className={ui.alert} role="alert" data-testid="forced-fake-check">
            {t("verification.page.forced")}
          </p>
        ) : null}
        {done ? (
          <p className={ui.notice} role="status" data-testid="verification-done">
            {t(`verification.done.${done}`)}
          </p>
        ) : null}
        {overview.kinds
          .filter((state) => state.allowed)
          .map((state) => (
            <KindCard
              key={state.kind}
              state={state}
              failure={
                failure && (failure.form === state.kind || (failure.form === "start" && state.kind === "webcam")) ? failure.reply : null
              }
            />
          ))}
      </div>
    </main>
  );
}

function KindCard({ state, failure }: { state: KindState; failure: FormReply | null }) {
  const { t, i18n } = useTranslation("verification");
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const latest = state.latest;
  const pending = latest?.statusName === "pending";
  const exhausted = state.attemptsUsed >= state.attemptsMax;
  const mayTry = !state.verified && !pending && !exhausted;
  return (
    <section
      id={state.kind}
      className={`${ui.card} ${ui.stack}`}
      data-testid={`check-${state.kind}`}
      aria-labelledby={`${state.kind}-title`}
    >
      <h2 id={`${state.kind}-title`} className={css.title}>
        {t(`verification.kinds.${state.kind}.title`)}
      </h2>
      <p className={css.text}>{t(`verification.kinds.${state.kind}.what`)}</p>
      <p
        className={css.status}
        data-testid={`status-${state.kind}`}
        data-status={state.verified ? "verified" : (latest?.statusName ?? "none")}
      >
        {state.verified
          ? t("verification.status.verified")
          : pending
            ? latest?.overdue
              ? t("verification.status.overdue")
              : t("verification.status.pending", { due: date.format(latest!.dueAt!) })
            : latest?.statusName === "rejected"
              ? t("verification.status.rejected", { reason: t(`verification.reasons.${latest.reason ?? "poor_quality"}`) })
              : t("verification.status.none")}
      </p>
      {!state.verified ? (
        <p className={ui.muted}>{t("verification.attempts", { used: state.attemptsUsed, max: state.attemptsMax })}</p>
      ) : null}
      {exhausted && !state.verified && !pending ? <p className={ui.muted}>{t("verification.exhausted")}</p> : null}
      {failure ? <FormErrors errors={errorsBesides(failure, state.kind === "webcam" ? ["photo"] : ["front", "back"])} /> : null}
      {mayTry ? (
        state.kind === "webcam" ? (
          <WebcamForms state={state} failure={failure} />
        ) : (
          <DocumentForm kind={state.kind} failure={failure} />
        )
      ) : null}
    </section>
  );
}

function FileField({
  form,
  name,
  label,
  hint,
  required,
  capture,
  failure,
}: {
  /** The form's kind: two forms on the page have a "front" field. */
  form: string;
  name: string;
  label: string;
  hint: string;
  required: boolean;
  capture?: "user" | "environment";
  failure: FormReply | null;
}) {
  const { t } = useTranslation();
  const errors = failure?.fieldErrors[name] ?? [];
  const id = `field-${form}-${name}`;
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <span className={ui.muted} id={`${id}-hint`}>
        {hint}
      </span>
      <input
        id={id}
        name={name}
        type="file"
        accept="image/*"
        capture={capture}
        required={required}
        className={css.file}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={`${id}-hint${errors.length > 0 ? ` ${id}-error` : ""}`}
      />
      <ErrorLine id={`${id}-error`} name={name} message={errors.map((message) => translateMessage(t, message)).join(" ") || undefined} />
    </div>
  );
}

function WebcamForms({ state, failure }: { state: KindState; failure: FormReply | null }) {
  const { t, i18n } = useTranslation("verification");
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: "short" });
  const code = state.latest?.code ?? null;
  if (!code)
    return (
      <Form method="post" className={ui.row}>
        <input type="hidden" name="intent" value="start" />
        <button type="submit" className={ui.button} data-testid="webcam-start">
          {t("verification.webcam.start")}
        </button>
      </Form>
    );
  return (
    <>
      <p className={css.text}>{t("verification.webcam.hold")}</p>
      <p className={css.code} data-testid="webcam-code" aria-label={t("verification.webcam.code_label")}>
        {code}
      </p>
      <p className={ui.muted}>{t("verification.webcam.valid_until", { time: time.format(state.latest!.codeExpiresAt!) })}</p>
      <Form method="post" action="?form=webcam" encType="multipart/form-data" className={ui.stack}>
        <FileField
          form="webcam"
          name="photo"
          label={t("verification.webcam.photo")}
          hint={t("verification.webcam.photo_hint")}
          required
          capture="user"
          failure={failure}
        />
        <button type="submit" className={ui.button}>
          {t("verification.webcam.send")}
        </button>
      </Form>
    </>
  );
}

function DocumentForm({ kind, failure }: { kind: Exclude<VerificationKind, "webcam">; failure: FormReply | null }) {
  const { t } = useTranslation("verification");
  return (
    <Form method="post" action={`?form=${kind}`} encType="multipart/form-data" className={ui.stack}>
      <p className={ui.muted}>{t("verification.documents.privacy")}</p>
      <FileField
        form={kind}
        name="front"
        label={t("verification.documents.front")}
        hint={t(`verification.kinds.${kind}.front_hint`)}
        required
        failure={failure}
      />
      <FileField
        form={kind}
        name="back"
        label={t("verification.documents.back")}
        hint={t("verification.documents.back_hint")}
        required={false}
        failure={failure}
      />
      <button type="submit" className={ui.button}>
        {t("verification.documents.send")}
      </button>
    </Form>
  );
}
