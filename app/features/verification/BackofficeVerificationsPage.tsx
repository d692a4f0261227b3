/**
 * backoffice/verifications (issue 30 items 2 and 5, ADR 107): checks waiting for the team, oldest first, each
 * decided side by side with the member's profile photos — accept, or reject with a reason of the list (the member
 * reads it in their language). Plain forms; the page is not hydrated.
 */
import { StaffQueueFrame, type ItemClaim } from "~/features/backoffice/StaffQueueFrame";
import { RejectReasonField } from "~/features/backoffice/RejectReasonField";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { userTypeName } from "#server/contract/users";
import { VERIFICATION_REJECTION_REASONS } from "#server/contract/verification";
import type { VerificationQueueData } from "~/api/verification.server";
import { FormErrors } from "~/components/Field";
import { errorsBesides, type FormReply } from "~/components/form/reply";
import { Picture } from "~/components/Picture";
import * as ui from "~/styles/ui.css";
import * as css from "./verification.css";

type QueueItem = VerificationQueueData["items"][number];

export function BackofficeVerificationsPage({
  queue,
  done,
  failure,
}: {
  queue: VerificationQueueData;
  done: "accepted" | "rejected" | null;
  failure: FormReply | null;
}) {
  const { t } = useTranslation("verification");
  return (
    <StaffQueueFrame
      feature="verification"
      items={queue.items}
      done={done}
      failure={failure}
      summary={
        <p data-testid="verification-queue-counts">{t("verification.backoffice.counts", { total: queue.total, overdue: queue.overdue })}</p>
      }
      renderItem={(item, itemFailure, claim) => <QueueEntry key={item.id} item={item} failure={itemFailure} claim={claim} />}
    />
  );
}

function QueueEntry({ item, failure, claim }: { item: QueueItem; failure: FormReply | null; claim: ItemClaim | null }) {
  const { t, i18n } = useTranslation("verification");
  const { t: tCommon } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const reasonId = `reason-verification-${item.id}`;
  return (
    <li
      className={`${ui.card} ${ui.stack}`}
      data-testid="verification-queue-item"
      data-check-id={item.id}
      data-member={item.member.username}
      {...claim?.anchor}
    >
      {claim?.bar}
      <h2 className={css.title}>
        {t(`verification.kinds.${item.kind}.title`)} ·{" "}
        <Link to={`/${i18n.language}/p/${item.member.username}`}>{item.member.username}</Link>
      </h2>
      <p className={ui.muted} style={{ margin: 0 }}>
        {tCommon(`user_types.${userTypeName(item.member.userType)}`)} · {item.member.language} ·{" "}
        {t("verification.backoffice.member_since", { date: date.format(item.member.createdAt) })} ·{" "}
        {t("verification.backoffice.trust", { level: item.trustLevel.level, max: item.trustLevel.max })}
      </p>
      <p style={{ margin: 0 }}>
        {t("verification.backoffice.submitted", { date: date.format(item.submittedAt) })}{" "}
        {item.overdue ? (
          <span className={css.overdue} data-testid="overdue">
            {t("verification.backoffice.overdue")}
          </span>
        ) : (
          t("verification.backoffice.due", { date: date.format(item.dueAt) })
        )}
      </p>
      {item.code ? (
        <p style={{ margin: 0 }}>
          {t("verification.backoffice.code")}{" "}
          <strong className={css.code} style={{ fontSize: "1.3rem", display: "inline" }} data-testid="queue-code">
            {item.code}
          </strong>
        </p>
      ) : null}
      <div className={css.compare}>
        {item.files.map((file) => (
          <figure key={file.side} style={{ margin: 0 }}>
            <a href={file.path}>
              <img
                className={css.comparePhoto}
                src={file.path}
                alt={t(`verification.backoffice.file_${file.side}`)}
                width={320}
                height={400}
              />
            </a>
            <figcaption className={ui.muted}>{t(`verification.backoffice.file_${file.side}`)}</figcaption>
          </figure>
        ))}
        <figure style={{ margin: 0 }}>
          {item.profilePhotos.length === 0 ? (
            <p className={ui.muted}>{t("verification.backoffice.no_photos")}</p>
          ) : (
            <ul className={css.thumbs}>
              {item.profilePhotos.map((photo, index) => (
                <li key={photo.id}>
                  <Picture
                    image={photo.image}
                    alt={t("verification.backoffice.profile_photo", { number: index + 1 })}
                    sizes="120px"
                    width={120}
                    height={160}
                    className={css.comparePhoto}
                  />
                </li>
              ))}
            </ul>
          )}
          <figcaption className={ui.muted}>{t("verification.backoffice.profile_photos")}</figcaption>
        </figure>
      </div>
      {failure ? <FormErrors errors={errorsBesides(failure, ["reason"])} /> : null}
      <div className={ui.row} style={{ alignItems: "flex-start" }}>
        <Form method="post">
          <input type="hidden" name="id" value={item.id} />
          <button className={ui.button} type="submit" name="intent" value="accept" data-shortcut="a">
            {t("verification.backoffice.accept")}
          </button>
        </Form>
        <Form method="post" className={css.rejectForm}>
          <input type="hidden" name="id" value={item.id} />
          <RejectReasonField
            id={reasonId}
            label={t("verification.backoffice.reason")}
            placeholder={t("verification.backoffice.choose_reason")}
            reasons={VERIFICATION_REJECTION_REASONS}
            reasonLabel={(reason) => t(`verification.reasons.${reason}`)}
            failure={failure}
          />
          <button className={ui.buttonSecondary} type="submit" name="intent" value="reject" style={{ alignSelf: "flex-start" }}>
            {t("verification.backoffice.reject")}
          </button>
        </Form>
      </div>
    </li>
  );
}
