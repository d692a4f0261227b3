/** login/second-factor (ADR 117): the code of the authenticator app, or a recovery code, after the password. */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TOTP_DIGITS } from "#server/contract/staff-totp";
import type { Language } from "#server/contract/locales";
import { Field, FormErrors } from "~/components/Field";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { localePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";

export function SecondFactorPage({
  title,
  lockedUntil,
  r,
  failure,
}: {
  title: string;
  lockedUntil: number | null;
  r: string;
  failure: FormReply | null;
}) {
  const { t, i18n } = useTranslation("staff-totp");
  const { t: tCommon } = useTranslation();
  const lang = i18n.language as Language;
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: "short" });
  return (
    <main className={`${ui.narrow} ${ui.stack}`}>
      <h1>{title}</h1>
      <p>{t("stafftotp.verify.intro", { digits: TOTP_DIGITS })}</p>
      {lockedUntil !== null ? (
        <p className={ui.alert} role="alert">
          {t("stafftotp.verify.locked", { time: time.format(lockedUntil) })}
        </p>
      ) : null}
      {failure ? <FormErrors errors={errorsBesides(failure, ["code"]).map((key) => translateMessage(tCommon, key))} /> : null}
      <Form method="post" className={ui.stack} noValidate>
        {r ? <input type="hidden" name="r" value={r} /> : null}
        <Field
          name="code"
          label={t("stafftotp.verify.label")}
          hint={t("stafftotp.verify.hint")}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          required
          defaultValue={failure ? inputText(failure, "code") : undefined}
          errors={failure?.fieldErrors.code}
        />
        <div>
          <button type="submit" className={ui.button}>
            {t("stafftotp.verify.submit")}
          </button>
        </div>
      </Form>
      <p className={ui.muted}>{t("stafftotp.verify.lost")}</p>
      <Form method="post" action={localePath(lang, "logout")}>
        <button type="submit" className={ui.buttonSecondary}>
          {t("stafftotp.verify.sign_out")}
        </button>
      </Form>
    </main>
  );
}
