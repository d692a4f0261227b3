/**
 * user/kyc/agreement (issue 30 item 3, ADR 109): the creator agreement in the page's language, exactly the text the
 * API hashes, confirmed by a checkbox and the member's typed full name. The form sends back the version and hash it
 * showed, so a text changed meanwhile is refused instead of signed unseen. A plain form; the page is not hydrated.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { KYC_NAME_MAX } from "#server/contract/kyc";
import type { KycAgreementData, KycData } from "~/api/kyc.server";
import { Field, FormErrors } from "~/components/Field";
import { ErrorLine } from "~/components/form/ErrorLine";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import * as css from "./kyc.css";

export function AgreementPage({
  agreement,
  kyc,
  failure,
}: {
  agreement: KycAgreementData;
  kyc: KycData | null;
  failure: FormReply | null;
}) {
  const { t, i18n } = useTranslation("kyc");
  const { t: tc } = useTranslation();
  const to = useLocalePath();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const signed = kyc?.signature ?? null;
  const current = signed !== null && signed.version === agreement.version;
  const confirmErrors = (failure?.fieldErrors.confirm ?? []).map((message) => translateMessage(tc, message, undefined, i18n.language));
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <Link to={to("user/kyc")}>{t("kyc.agreement.back")}</Link>
        <h1>{agreement.title}</h1>
        <p className={ui.muted} data-testid="kyc-agreement-version">
          {t("kyc.agreement.version", { version: agreement.version })}
        </p>
        {signed ? (
          <p className={current ? ui.notice : ui.alert} data-testid="kyc-agreement-signed">
            {current
              ? t("kyc.agreement.signed", { name: signed.fullName, date: date.format(signed.signedAt) })
              : t("kyc.agreement.new_version", { version: signed.version })}
          </p>
        ) : null}
        <article className={`${ui.card} ${css.agreement}`} lang={agreement.language} data-testid="kyc-agreement-text">
          {agreement.paragraphs.map((paragraph) => (
            <p key={paragraph} className={css.paragraph}>
              {paragraph}
            </p>
          ))}
        </article>
        {kyc && !current ? (
          <Form method="post" className={`${ui.card} ${ui.stack}`} data-testid="kyc-sign-form">
            <input type="hidden" name="version" value={agreement.version} />
            <input type="hidden" name="language" value={agreement.language} />
            <input type="hidden" name="text_sha256" value={agreement.textSha256} />
            {failure ? <FormErrors errors={errorsBesides(failure, ["full_name", "confirm"])} /> : null}
            <Field
              name="full_name"
              label={t("kyc.agreement.full_name")}
              hint={t("kyc.agreement.full_name_hint")}
              autoComplete="name"
              maxLength={KYC_NAME_MAX}
              defaultValue={failure ? inputText(failure, "full_name") : ""}
              errors={failure?.fieldErrors.full_name ?? []}
            />
            <div className={ui.field}>
              <label className={css.confirmRow}>
                <input
                  type="checkbox"
                  name="confirm"
                  className={ui.choiceControl}
                  defaultChecked={failure ? failure.input.confirm === "on" : false}
                  aria-invalid={confirmErrors.length > 0 || undefined}
                  aria-describedby={confirmErrors.length > 0 ? "field-confirm-error" : undefined}
                />
                <span>{t("kyc.agreement.confirm")}</span>
              </label>
              <ErrorLine name="confirm" message={confirmErrors.join(" ") || undefined} />
            </div>
            <p className={`${ui.muted} ${css.fingerprint}`}>{t("kyc.agreement.fingerprint", { hash: agreement.textSha256 })}</p>
            <button className={ui.button} type="submit" data-testid="kyc-sign">
              {t("kyc.agreement.sign")}
            </button>
          </Form>
        ) : null}
        {!kyc ? <p className={ui.card}>{t("kyc.page.not_earner")}</p> : null}
      </div>
    </main>
  );
}
