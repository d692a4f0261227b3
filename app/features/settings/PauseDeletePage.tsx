/**
 * user/pause_delete, the page: the account's state with one button to pause, deactivate or resume; the
 * deletion, asked for with the current password and confirmed from the e-mail link, with what is deleted,
 * what the law keeps, and what happens to a running membership.
 */
import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, useReplyForm } from "~/components/form/form-binding";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { AccountStateData } from "~/api/account.server";
import { FormField, FormErrors } from "~/components/Field";
import { allErrors, readReply } from "~/components/form/reply";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { SettingsFrame } from "./SettingsFrame";
import * as css from "./settings.css";

export interface PauseDeleteView {
  mode: "manage" | "confirm" | "deleted";
  token: string;
  state: AccountStateData | null;
}

interface Answer {
  lastResult: SubmissionResult<string[]>;
}

const DONE = ["pause", "deactivate", "resume", "request_delete", "cancel_delete"] as const;

function ActionButton({ intent, label, primary }: { intent: string; label: string; primary?: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button className={primary ? ui.button : ui.buttonSecondary} type="submit">
        {label}
      </button>
    </Form>
  );
}

function DeleteRequestForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("account");
  const [form, fields] = useReplyForm({ id: "delete-form", lastResult });
  return (
    <Form method="post" className={ui.stack} {...getFormProps(form)}>
      <input type="hidden" name="intent" value="request_delete" />
      <FormErrors errors={form.errors ?? []} />
      <FormField
        label={t("settings.delete.current_password")}
        autoComplete="current-password"
        field={fields.current_password}
        type="password"
      />
      <div className={ui.row}>
        <button className={ui.buttonSecondary} type="submit">
          {t("settings.delete.request")}
        </button>
      </div>
    </Form>
  );
}

function WhatDeletionMeans() {
  const { t } = useTranslation("account");
  return (
    <>
      <p>{t("settings.delete.what")}</p>
      <ul>
        <li>{t("settings.delete.removed")}</li>
        <li>{t("settings.delete.kept")}</li>
        <li>{t("settings.delete.others")}</li>
      </ul>
    </>
  );
}

export function PauseDeletePage({ view, answer, done }: { view: PauseDeleteView; answer: Answer | null; done: string | null }) {
  const reply = readReply(answer?.lastResult);
  const { t, i18n } = useTranslation("account");
  const to = useLocalePath();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  if (view.mode !== "manage") {
    return (
      <main className={ui.narrow}>
        <div className={`${ui.card} ${ui.stack}`}>
          <h1>{t(view.mode === "deleted" ? "settings.delete.deleted_title" : "settings.delete.confirm_title")}</h1>
          {view.mode === "deleted" ? (
            <>
              <p className={ui.notice} role="status" data-testid="settings-notice">
                {t("settings.delete.deleted")}
              </p>
              <Link to={to("")}>{t("settings.delete.to_home")}</Link>
            </>
          ) : view.token ? (
            <Form method="post" className={ui.stack}>
              <FormErrors errors={allErrors(reply)} />
              <WhatDeletionMeans />
              <input type="hidden" name="intent" value="confirm_delete" />
              <input type="hidden" name="token" value={view.token} />
              <div className={ui.row}>
                <button className={ui.button} type="submit">
                  {t("settings.delete.confirm")}
                </button>
              </div>
            </Form>
          ) : (
            <FormErrors errors={["exception.account.deletion_link_invalid"]} />
          )}
        </div>
      </main>
    );
  }
  const state = view.state!;
  const shownDone = DONE.find((key) => key === done);
  return (
    <SettingsFrame title={t("settings.pages.pause_delete.title")} notice={shownDone ? t(`settings.pause.done_${shownDone}`) : null}>
      <FormErrors errors={reply.intent === "request_delete" ? [] : allErrors(reply)} />
      <section className={`${ui.card} ${ui.stack}`} aria-labelledby="pause-title">
        <h2 id="pause-title" className={css.cardTitle}>
          {t("settings.pause.title")}
        </h2>
        <p data-testid="account-status">{t(`settings.pause.status_${state.status}`)}</p>
        {state.status === "active" ? (
          <>
            <p className={ui.muted}>{t("settings.pause.pause_text")}</p>
            <div className={ui.row}>
              <ActionButton intent="pause" label={t("settings.pause.pause")} primary />
              <ActionButton intent="deactivate" label={t("settings.pause.deactivate")} />
            </div>
            <p className={ui.muted}>{t("settings.pause.deactivate_text")}</p>
          </>
        ) : (
          <div className={ui.row}>
            <ActionButton intent="resume" label={t("settings.pause.resume")} primary />
          </div>
        )}
      </section>
      <section className={`${ui.card} ${ui.stack}`} aria-labelledby="delete-title">
        <h2 id="delete-title" className={css.cardTitle}>
          {t("settings.delete.title")}
        </h2>
        <WhatDeletionMeans />
        {state.isMember ? (
          <p className={ui.notice} data-testid="membership-warning">
            {state.memberUntil
              ? t("settings.delete.membership_until", { date: day.format(state.memberUntil) })
              : t("settings.delete.membership")}
          </p>
        ) : null}
        {state.deletionRequestedUntil ? (
          <div className={ui.notice} data-testid="deletion-pending">
            <p>{t("settings.delete.pending", { until: date.format(state.deletionRequestedUntil) })}</p>
            <ActionButton intent="cancel_delete" label={t("settings.delete.cancel")} />
          </div>
        ) : (
          <DeleteRequestForm lastResult={reply.intent === "request_delete" ? (answer?.lastResult ?? null) : null} />
        )}
      </section>
    </SettingsFrame>
  );
}
