/**
 * backoffice/security (ADR 117): the staff member's own second factor and, for backend staff, the colleagues' with a
 * reset. Plain forms; the QR code is an image drawn on the server, the key and the otpauth URI are text beside it.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatRecoveryCode, TOTP_DIGITS } from "#server/contract/staff-totp";
import type { SecondFactorStatusData, StaffSecondFactorListData } from "~/api/staff-totp.server";
import { Field, FormErrors } from "~/components/Field";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { localePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import type { Language } from "#server/contract/locales";
import * as ui from "~/styles/ui.css";
import * as css from "./staff-totp.css";

export interface SecurityPageProps {
  title: string;
  status: SecondFactorStatusData;
  qr: string | null;
  viewerId: number;
  colleagues: StaffSecondFactorListData["items"] | null;
  done: "reset" | null;
  codes: { intent: string; list: string[] } | null;
  failure: FormReply | null;
}

/** The base32 key in groups of four, as authenticator apps show it (spaces are ignored when typed). */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

function CodeField({ failure, label }: { failure: FormReply | null; label: string }) {
  const { t } = useTranslation("staff-totp");
  return (
    <Field
      name="code"
      label={label}
      hint={t("stafftotp.code_hint", { digits: TOTP_DIGITS })}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={12}
      required
      defaultValue={failure ? inputText(failure, "code") : undefined}
      errors={failure?.fieldErrors.code}
    />
  );
}

export function SecurityPage({ title, status, qr, viewerId, colleagues, done, codes, failure }: SecurityPageProps) {
  const { t, i18n } = useTranslation("staff-totp");
  const { t: tCommon } = useTranslation();
  const lang = i18n.language as Language;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const n = new Intl.NumberFormat(i18n.language);
  const failed = (intent: string) => (failure?.intent === intent ? failure : null);
  const confirmFailure = failed("confirm");
  const regenerateFailure = failed("regenerate");
  const resetFailure = failed("reset");
  const resetFor = resetFailure ? Number(inputText(resetFailure, "id")) : null;

  return (
    <main className={`${ui.narrow} ${ui.stack}`}>
      <h1>{title}</h1>
      {status.due === "enrol" ? (
        <p className={ui.alert} role="alert">
          {t("stafftotp.security.required_now")}
        </p>
      ) : null}
      {done ? (
        <p className={ui.notice} role="status">
          {t("stafftotp.staff.done_reset")}
        </p>
      ) : null}

      {codes ? (
        <section className={`${ui.card} ${ui.stack}`} aria-labelledby="recovery-codes-title" data-testid="recovery-codes">
          <h2 id="recovery-codes-title" className={ui.sectionTitle}>
            {codes.intent === "confirm" ? t("stafftotp.codes.title_enrolled") : t("stafftotp.codes.title_new")}
          </h2>
          <p>{t("stafftotp.codes.intro", { count: codes.list.length, formatted: n.format(codes.list.length) })}</p>
          <ol className={css.codeList}>
            {codes.list.map((code) => (
              <li key={code} className={css.code}>
                {formatRecoveryCode(code.replace(/-/g, ""))}
              </li>
            ))}
          </ol>
          <p className={ui.muted}>{t("stafftotp.codes.once")}</p>
          <p>
            <Link className={ui.button} to={localePath(lang, "backoffice")}>
              {t("stafftotp.codes.continue")}
            </Link>
          </p>
        </section>
      ) : null}

      {status.enabledAt !== null ? (
        <section className={ui.stack} aria-labelledby="own-title">
          <h2 id="own-title" className={ui.sectionTitle}>
            {t("stafftotp.security.on_title")}
          </h2>
          <p data-testid="second-factor-on">{t("stafftotp.security.on_since", { date: when.format(status.enabledAt) })}</p>
          <p>
            {t("stafftotp.security.codes_left", {
              count: status.recoveryCodesLeft,
              formatted: n.format(status.recoveryCodesLeft),
            })}
          </p>
          <p className={ui.muted}>{t("stafftotp.security.lost_device")}</p>
          <h3 className={ui.sectionTitle}>{t("stafftotp.security.regenerate_title")}</h3>
          <p>{t("stafftotp.security.regenerate_intro")}</p>
          {regenerateFailure ? (
            <FormErrors errors={errorsBesides(regenerateFailure, ["code"]).map((key) => translateMessage(tCommon, key))} />
          ) : null}
          <Form method="post" className={ui.stack} noValidate>
            <input type="hidden" name="intent" value="regenerate" />
            <CodeField failure={regenerateFailure} label={t("stafftotp.code_label")} />
            <div>
              <button type="submit" className={ui.buttonSecondary}>
                {t("stafftotp.security.regenerate")}
              </button>
            </div>
          </Form>
        </section>
      ) : status.setup ? (
        <section className={ui.stack} aria-labelledby="setup-title">
          <h2 id="setup-title" className={ui.sectionTitle}>
            {t("stafftotp.setup.title")}
          </h2>
          <ol className={css.steps}>
            <li>
              <p>{t("stafftotp.setup.scan")}</p>
              {qr ? <img className={css.qr} src={qr} width={240} height={240} alt={t("stafftotp.setup.qr_alt")} /> : null}
            </li>
            <li>
              <p>{t("stafftotp.setup.type")}</p>
              <p className={css.secret} data-testid="totp-secret" data-secret={status.setup.secret}>
                {grouped(status.setup.secret)}
              </p>
              <details>
                <summary className={css.summary}>{t("stafftotp.setup.uri")}</summary>
                <p className={css.uri}>{status.setup.uri}</p>
              </details>
            </li>
            <li>
              <p>{t("stafftotp.setup.confirm_intro")}</p>
              {confirmFailure ? (
                <FormErrors errors={errorsBesides(confirmFailure, ["code"]).map((key) => translateMessage(tCommon, key))} />
              ) : null}
              <Form method="post" className={ui.stack} noValidate>
                <input type="hidden" name="intent" value="confirm" />
                <CodeField failure={confirmFailure} label={t("stafftotp.code_label")} />
                <div>
                  <button type="submit" className={ui.button}>
                    {t("stafftotp.setup.confirm")}
                  </button>
                </div>
              </Form>
            </li>
          </ol>
          <Form method="post">
            <input type="hidden" name="intent" value="start" />
            <button type="submit" className={ui.buttonSecondary}>
              {t("stafftotp.setup.restart")}
            </button>
          </Form>
        </section>
      ) : (
        <section className={ui.stack} aria-labelledby="off-title">
          <h2 id="off-title" className={ui.sectionTitle}>
            {t("stafftotp.security.off_title")}
          </h2>
          <p>{status.required ? t("stafftotp.security.off_required") : t("stafftotp.security.off_optional")}</p>
          <p className={ui.muted}>{t("stafftotp.security.apps")}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="start" />
            <button type="submit" className={ui.button}>
              {t("stafftotp.security.start")}
            </button>
          </Form>
        </section>
      )}

      {colleagues ? (
        <section className={ui.stack} aria-labelledby="staff-title">
          <h2 id="staff-title" className={ui.sectionTitle}>
            {t("stafftotp.staff.title")}
          </h2>
          <p>{t("stafftotp.staff.intro")}</p>
          <ul className={ui.entryList} data-testid="staff-second-factors">
            {colleagues.map((member) => {
              const failure = resetFor === member.id ? resetFailure : null;
              return (
                <li key={member.id} className={ui.entryCard} data-staff={member.username}>
                  <strong>
                    {member.username} · {t(`stafftotp.staff.role_${member.role}`)}
                  </strong>
                  <span>
                    {member.enabledAt !== null
                      ? t("stafftotp.staff.on", {
                          date: when.format(member.enabledAt),
                          count: member.recoveryCodesLeft,
                          formatted: n.format(member.recoveryCodesLeft),
                        })
                      : t("stafftotp.staff.off")}
                  </span>
                  {member.lockedUntil !== null ? (
                    <span className={ui.muted}>{t("stafftotp.staff.locked", { time: when.format(member.lockedUntil) })}</span>
                  ) : null}
                  {member.enabledAt !== null && member.id !== viewerId ? (
                    <Form method="post" className={ui.stack} noValidate>
                      <input type="hidden" name="intent" value="reset" />
                      <input type="hidden" name="id" value={member.id} />
                      {failure ? (
                        <FormErrors errors={errorsBesides(failure, ["reason"]).map((key) => translateMessage(tCommon, key))} />
                      ) : null}
                      <Field
                        id={`reason-${member.id}`}
                        name="reason"
                        label={t("stafftotp.staff.reason")}
                        defaultValue={failure ? inputText(failure, "reason") : undefined}
                        errors={failure?.fieldErrors.reason}
                      />
                      <div>
                        <button type="submit" className={ui.buttonSecondary}>
                          {t("stafftotp.staff.reset")}
                        </button>
                      </div>
                    </Form>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
