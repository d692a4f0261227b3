/**
 * The back office's appeals queue (DSA Art. 20, ADR 113): open complaints, oldest first. Each shows the contested
 * decision (what, when, who took it, its reasons) and the appellant's text, and — unless the signed-in staff member
 * took that decision — one plain form: uphold or reverse, with reasons the appellant reads. Not hydrated.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { APPEAL_LIMITS, APPEAL_OUTCOMES } from "#server/contract/appeals";
import { REPORT_OUTCOMES } from "#server/contract/reports";
import type { AppealQueueData, QueuedAppealData } from "~/api/appeals.server";
import { FormErrors } from "~/components/Field";
import { TextAreaField } from "~/components/FieldControls";
import { ErrorLine } from "~/components/form/ErrorLine";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { StaffQueueFrame, type ItemClaim } from "~/features/backoffice/StaffQueueFrame";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import * as css from "./appeals.css";

function AppealCard({ appeal, failure, claim }: { appeal: QueuedAppealData; failure: FormReply | null; claim: ItemClaim | null }) {
  const { t, i18n } = useTranslation("appeals");
  const { t: tCommon } = useTranslation();
  const { t: tReports } = useTranslation("reports");
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const { decision } = appeal;
  const outcomeError = failure?.fieldErrors.outcome?.[0];
  const chosen = failure ? inputText(failure, "outcome") : "";
  return (
    <li className={css.card} data-testid="appeal-item" data-appeal={appeal.id} {...claim?.anchor}>
      {claim?.bar}
      <strong>
        {appeal.reference} · {t(`appeals.backoffice.role_${appeal.appellant.role}`, { username: appeal.appellant.username })}
      </strong>
      <p className={ui.muted}>{t("appeals.backoffice.filed", { date: date.format(appeal.createdAt) })}</p>
      <blockquote className={css.quote}>{appeal.text}</blockquote>
      <h3 className={ui.sectionTitle}>{t("appeals.backoffice.contested")}</h3>
      <p>
        {[decision.statementReference, decision.reportReference].filter(Boolean).join(" · ")} · {t(`appeals.kinds.${decision.kind}`)}
        {decision.objectId ? ` #${decision.objectId}` : ""}
      </p>
      <p>
        <strong>
          {(REPORT_OUTCOMES as readonly string[]).includes(decision.outcome)
            ? t(`appeals.outcomes.${decision.outcome}`)
            : t(`appeals.restrictions.${decision.outcome}`)}
        </strong>
        {" · "}
        {t("appeals.backoffice.decided_by", {
          date: date.format(decision.decidedAt),
          username: decision.decidedBy?.username ?? t("appeals.backoffice.platform"),
        })}
      </p>
      {decision.reportType ? (
        <p className={ui.muted}>{t("appeals.backoffice.report_type", { type: tReports(`reports.types.${decision.reportType}`) })}</p>
      ) : null}
      <p className={css.text}>{decision.facts}</p>
      {failure ? <FormErrors errors={errorsBesides(failure, ["outcome", "reasons"]).map((key) => translateMessage(tCommon, key))} /> : null}
      {appeal.mayDecide ? (
        <Form method="post" className={ui.stack}>
          <input type="hidden" name="id" value={appeal.id} />
          <fieldset className={ui.stack} aria-describedby={outcomeError ? `outcome-${appeal.id}-error` : undefined}>
            <legend className={ui.label}>{t("appeals.backoffice.outcome")}</legend>
            {APPEAL_OUTCOMES.map((outcome) => (
              <label key={outcome} className={css.choice}>
                <input type="radio" name="outcome" value={outcome} className={ui.choiceControl} defaultChecked={chosen === outcome} />
                {t(`appeals.backoffice.outcome_${outcome}`)}
              </label>
            ))}
            <ErrorLine
              id={`outcome-${appeal.id}-error`}
              name="outcome"
              message={outcomeError ? translateMessage(tCommon, outcomeError) : undefined}
            />
          </fieldset>
          <TextAreaField
            id={`reasons-${appeal.id}`}
            name="reasons"
            label={t("appeals.backoffice.reasons")}
            hint={t("appeals.backoffice.reasons_hint", { min: APPEAL_LIMITS.reasonsMin })}
            rows={3}
            maxLength={APPEAL_LIMITS.reasonsMax}
            defaultValue={failure ? inputText(failure, "reasons") : undefined}
            errors={failure?.fieldErrors.reasons}
          />
          <div>
            <button className={ui.button} type="submit">
              {t("appeals.backoffice.decide")}
            </button>
          </div>
        </Form>
      ) : (
        <p className={ui.notice} data-testid="appeal-own-decision">
          {t("appeals.backoffice.own_decision")}
        </p>
      )}
    </li>
  );
}

export function BackofficeAppealsPage({
  queue,
  done,
  failure,
}: {
  queue: AppealQueueData;
  done: string | null;
  failure: FormReply | null;
}) {
  const { t } = useTranslation("appeals");
  return (
    <StaffQueueFrame
      feature="appeals"
      items={queue.items}
      done={done}
      failure={failure}
      summary={<p>{t("appeals.backoffice.count", { count: queue.total })}</p>}
      renderItem={(appeal, mine, claim) => <AppealCard key={appeal.id} appeal={appeal} failure={mine} claim={claim} />}
    />
  );
}
