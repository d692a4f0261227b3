/**
 * backoffice/kyc (issue 30 items 3 and 5, ADR 109): backend staff's AML hits, oldest screening first — clear a false
 * positive, or reject a real match with a reason the member reads — and a member's reset or expiry by their id with a
 * reason. Plain forms; the page is not hydrated; a 404 for everyone but backend staff.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { KYC_REASON_MAX } from "#server/contract/kyc";
import type { KycQueueData } from "~/api/kyc.server";
import { FormErrors } from "~/components/Field";
import { ErrorLine } from "~/components/form/ErrorLine";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { StaffQueueFrame, type ItemClaim } from "~/features/backoffice/StaffQueueFrame";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import * as css from "./kyc.css";

type QueueItem = KycQueueData["items"][number];
export type KycStaffDone = "cleared" | "rejected" | "reset" | "expire";

export function BackofficeKycPage({ queue, done, failure }: { queue: KycQueueData; done: KycStaffDone | null; failure: FormReply | null }) {
  const { t } = useTranslation("kyc");
  // A refused reset or expiry belongs to the member form, not to an item of the list.
  const memberFailure = failure && (failure.intent === "reset" || failure.intent === "expire") ? failure : null;
  const itemFailure = memberFailure ? null : failure;
  return (
    <>
      <StaffQueueFrame
        feature="kyc"
        items={queue.items}
        done={done}
        failure={itemFailure}
        summary={<p data-testid="kyc-queue-counts">{t("kyc.backoffice.counts", { total: queue.total })}</p>}
        renderItem={(item, entryFailure, claim) => <QueueEntry key={item.id} item={item} failure={entryFailure} claim={claim} />}
      />
      <MemberForm failure={memberFailure} />
    </>
  );
}

function ReasonField({ id, failure }: { id: string; failure: FormReply | null }) {
  const { t, i18n } = useTranslation("kyc");
  const { t: tc } = useTranslation();
  const errors = (failure?.fieldErrors.reason ?? []).map((message) => translateMessage(tc, message, undefined, i18n.language));
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {t("kyc.backoffice.reason")}
      </label>
      <textarea
        id={id}
        name="reason"
        className={`${ui.input} ${css.reason}`}
        maxLength={KYC_REASON_MAX}
        defaultValue={failure ? inputText(failure, "reason") : ""}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length > 0 ? `${id}-error` : undefined}
      />
      <ErrorLine id={`${id}-error`} name="reason" message={errors.join(" ") || undefined} />
    </div>
  );
}

function QueueEntry({ item, failure, claim }: { item: QueueItem; failure: FormReply | null; claim: ItemClaim | null }) {
  const { t, i18n } = useTranslation("kyc");
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <li
      className={`${ui.card} ${ui.stack}`}
      data-testid="kyc-queue-item"
      data-screening-id={item.id}
      data-member={item.username}
      {...claim?.anchor}
    >
      {claim?.bar}
      <h2 className={css.title}>
        {item.fullName} · <Link to={`/${i18n.language}/p/${item.username}`}>{item.username}</Link>
      </h2>
      <p className={ui.muted} style={{ margin: 0 }}>
        {t("kyc.backoffice.screened", { date: date.format(item.screenedAt), id: item.userId })}
        {item.providerReference ? ` · ${item.providerReference}` : null}
      </p>
      <ul style={{ margin: 0 }}>
        {item.matches.map((match) => (
          <li key={match}>{match}</li>
        ))}
      </ul>
      {failure ? <FormErrors errors={errorsBesides(failure, ["reason"])} /> : null}
      <Form method="post">
        <input type="hidden" name="id" value={item.id} />
        <button className={ui.button} type="submit" name="intent" value="clear" data-shortcut="a">
          {t("kyc.backoffice.clear")}
        </button>
      </Form>
      <Form method="post" className={ui.stack}>
        <input type="hidden" name="id" value={item.id} />
        <ReasonField id={`reason-kyc-${item.id}`} failure={failure} />
        <button className={ui.buttonSecondary} type="submit" name="intent" value="reject" style={{ alignSelf: "flex-start" }}>
          {t("kyc.backoffice.reject")}
        </button>
      </Form>
    </li>
  );
}

function MemberForm({ failure }: { failure: FormReply | null }) {
  const { t, i18n } = useTranslation("kyc");
  const { t: tc } = useTranslation();
  const idErrors = (failure?.fieldErrors.member_id ?? []).map((message) => translateMessage(tc, message, undefined, i18n.language));
  return (
    <section className={ui.page} aria-labelledby="kyc-member-title">
      <Form method="post" className={`${ui.card} ${ui.stack}`} data-testid="kyc-member-form">
        <h2 id="kyc-member-title" className={css.title}>
          {t("kyc.backoffice.member_title")}
        </h2>
        <p className={ui.muted} style={{ margin: 0 }}>
          {t("kyc.backoffice.member_intro")}
        </p>
        {failure ? <FormErrors errors={errorsBesides(failure, ["reason", "member_id"])} /> : null}
        <div className={ui.field}>
          <label className={ui.label} htmlFor="kyc-member-id">
            {t("kyc.backoffice.member_id")}
          </label>
          <input
            id="kyc-member-id"
            name="member_id"
            className={ui.input}
            inputMode="numeric"
            defaultValue={failure ? inputText(failure, "member_id") : ""}
            aria-invalid={idErrors.length > 0 || undefined}
            aria-describedby={idErrors.length > 0 ? "kyc-member-id-error" : undefined}
          />
          <ErrorLine id="kyc-member-id-error" name="member_id" message={idErrors.join(" ") || undefined} />
        </div>
        <ReasonField id="kyc-member-reason" failure={failure} />
        <div className={ui.row}>
          <button className={ui.buttonSecondary} type="submit" name="intent" value="expire">
            {t("kyc.backoffice.expire")}
          </button>
          <button className={ui.buttonSecondary} type="submit" name="intent" value="reset">
            {t("kyc.backoffice.reset")}
          </button>
        </div>
      </Form>
    </section>
  );
}
