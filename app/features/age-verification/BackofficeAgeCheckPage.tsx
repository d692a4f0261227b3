/** backoffice/age-check/{memberId} (ADR 105): the answer to the team's forced-check form, and the form again. */
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/Field";
import { inputText, readReply } from "~/components/form/reply";
import { translateMessage } from "~/i18n/translate";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import type { loadBackofficeAgeCheck, submitBackofficeAgeCheck } from "./backoffice-age-check.server";
import { ForceAgeCheckForm } from "./ForceAgeCheckForm";

export function BackofficeAgeCheckPage() {
  const { memberId } = useLoaderData<typeof loadBackofficeAgeCheck>();
  const answer = useActionData<typeof submitBackofficeAgeCheck>();
  const reply = readReply(answer?.lastResult);
  const { t } = useTranslation();
  const to = useLocalePath();
  const general = [...reply.formErrors, ...(reply.fieldErrors.action ?? [])].map((key) => translateMessage(t, key));
  return (
    <main className={ui.narrow}>
      <div className={ui.card}>
        <h1>{t("age_verification.backoffice.title")}</h1>
        <p className={ui.muted}>{t("age_verification.backoffice.member", { id: memberId })}</p>
        {answer?.done ? (
          <p className={ui.notice} role="status" data-testid="force-age-check-done">
            {t(`age_verification.backoffice.done_${answer.done}`)}
          </p>
        ) : null}
        <FormErrors errors={general} />
        <ForceAgeCheckForm memberId={memberId} errors={reply.fieldErrors.reason} reason={inputText(reply, "reason")} open />
        <p>
          <Link to={to("backoffice/reports")}>{t("age_verification.backoffice.back")}</Link>
        </p>
      </div>
    </main>
  );
}
