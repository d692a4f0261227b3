/**
 * backoffice/trusted-flaggers (DSA Art. 22, ADR 115; backend only): the awards with their notices, the form to record
 * one, a button to end one, and the transparency report's run by hand (ADR 114). Plain forms; no script.
 */
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TRUSTED_FLAGGER_LIMITS } from "#server/contract/transparency";
import type { TransparencyIndexData, TrustedFlaggerListData } from "~/api/transparency.server";
import { Field, FormErrors } from "~/components/Field";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";

const ADD_FIELDS = ["username", "organisation", "coordinator_reference", "starts_on", "ends_on"] as const;

export function TrustedFlaggersPage({
  title,
  flaggers,
  periods,
  done,
  failure,
}: {
  title: string;
  flaggers: TrustedFlaggerListData["items"];
  periods: TransparencyIndexData["periods"];
  done: "added" | "ended" | "published" | null;
  failure: (FormReply & { intent: string }) | null;
}) {
  const { t, i18n } = useTranslation("transparency");
  const { t: tCommon } = useTranslation();
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" });
  const n = new Intl.NumberFormat(i18n.language);
  const add = failure?.intent === "add" ? failure : null;
  const publish = failure?.intent === "publish" ? failure : null;
  const end = failure?.intent === "end" ? failure : null;
  /** The refused end form is the one of this award (the reply keeps the posted id). */
  const endFor = (id: number) => end !== null && inputText(end, "id") === String(id);
  const value = (name: string) => (add ? inputText(add, name) : undefined);
  const errors = (name: string) => add?.fieldErrors[name];
  const thisYear = new Date().getUTCFullYear();
  return (
    <main className={`${ui.page} ${ui.stack}`}>
      <h1>{title}</h1>
      {done ? (
        <p className={ui.notice} role="status">
          {t(`transparency.flaggers.done_${done}`)}
        </p>
      ) : null}
      <p>{t("transparency.flaggers.intro")}</p>
      {end ? <FormErrors errors={errorsBesides(end, ["reason"]).map((key) => translateMessage(tCommon, key))} /> : null}
      {flaggers.length === 0 ? (
        <p className={ui.muted}>{t("transparency.flaggers.none")}</p>
      ) : (
        <ul className={ui.entryList} data-testid="trusted-flaggers">
          {flaggers.map((flagger) => (
            <li key={flagger.id} className={ui.entryCard} data-flagger={flagger.username}>
              <strong>
                {flagger.organisation} · {flagger.username}
              </strong>
              <span className={ui.muted}>
                {t("transparency.flaggers.award", {
                  reference: flagger.coordinatorReference,
                  from: day.format(flagger.startsAt),
                  to: day.format(flagger.endsAt - 1),
                })}
              </span>
              <span>
                {flagger.active ? t("transparency.flaggers.active") : t("transparency.flaggers.inactive")} ·{" "}
                {t("transparency.flaggers.notices", { count: flagger.notices, formatted: n.format(flagger.notices) })}
              </span>
              {flagger.active ? (
                <Form method="post" className={ui.stack} noValidate>
                  <input type="hidden" name="intent" value="end" />
                  <input type="hidden" name="id" value={flagger.id} />
                  {/* Why it ends goes to the audit trail: optional (the coordinator decides), but asked for. */}
                  <Field
                    id={`end-reason-${flagger.id}`}
                    name="reason"
                    label={t("transparency.flaggers.end_reason")}
                    hint={t("transparency.flaggers.end_reason_hint")}
                    maxLength={TRUSTED_FLAGGER_LIMITS.endReasonMax}
                    defaultValue={endFor(flagger.id) ? inputText(end!, "reason") : undefined}
                    errors={endFor(flagger.id) ? end!.fieldErrors.reason : undefined}
                  />
                  <div>
                    <button type="submit" className={ui.buttonSecondary}>
                      {t("transparency.flaggers.end")}
                    </button>
                  </div>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      <h2 className={ui.sectionTitle}>{t("transparency.flaggers.add_title")}</h2>
      {add ? <FormErrors errors={errorsBesides(add, ADD_FIELDS).map((key) => translateMessage(tCommon, key))} /> : null}
      <Form method="post" className={ui.stack} noValidate>
        <input type="hidden" name="intent" value="add" />
        <Field
          name="username"
          label={t("transparency.flaggers.username")}
          autoComplete="off"
          defaultValue={value("username")}
          errors={errors("username")}
        />
        <Field
          name="organisation"
          label={t("transparency.flaggers.organisation")}
          maxLength={TRUSTED_FLAGGER_LIMITS.organisationMax}
          defaultValue={value("organisation")}
          errors={errors("organisation")}
        />
        <Field
          name="coordinator_reference"
          label={t("transparency.flaggers.reference")}
          hint={t("transparency.flaggers.reference_hint")}
          maxLength={TRUSTED_FLAGGER_LIMITS.referenceMax}
          defaultValue={value("coordinator_reference")}
          errors={errors("coordinator_reference")}
        />
        <Field
          name="starts_on"
          type="date"
          label={t("transparency.flaggers.starts_on")}
          defaultValue={value("starts_on")}
          errors={errors("starts_on")}
        />
        <Field
          name="ends_on"
          type="date"
          label={t("transparency.flaggers.ends_on")}
          defaultValue={value("ends_on")}
          errors={errors("ends_on")}
        />
        <div>
          <button type="submit" className={ui.button}>
            {t("transparency.flaggers.add")}
          </button>
        </div>
      </Form>

      <h2 className={ui.sectionTitle}>{t("transparency.publish.title")}</h2>
      <p>{t("transparency.publish.intro")}</p>
      {periods.length > 0 ? (
        <p className={ui.muted}>{t("transparency.publish.published", { periods: periods.map((p) => p.period).join(", ") })}</p>
      ) : null}
      <Form method="post" className={ui.stack} noValidate>
        <input type="hidden" name="intent" value="publish" />
        <Field
          name="period"
          label={t("transparency.publish.period")}
          hint={t("transparency.publish.period_hint", { year: thisYear - 1 })}
          defaultValue={publish ? inputText(publish, "period") : String(thisYear - 1)}
          errors={publish?.fieldErrors.period}
        />
        <div>
          <button type="submit" className={ui.button}>
            {t("transparency.publish.submit")}
          </button>
        </div>
      </Form>
    </main>
  );
}
