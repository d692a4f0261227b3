/**
 * backoffice/reviews (issue 30 item 5, ADRs 119, 128): reviews a text rule flagged (reported ones wait in the reports queue), oldest first,
 * each kept or removed — a removal with the reason its author reads (the statement of reasons). Plain forms; the
 * page is not hydrated (queue-keys.js adds the keyboard).
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { REVIEW_REASON_MAX, REVIEW_REASON_MIN } from "#server/contract/queues";
import type { ReviewQueueData } from "~/api/queues.server";
import { FormErrors } from "~/components/Field";
import { ErrorLine } from "~/components/form/ErrorLine";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { StaffQueueFrame, type ItemClaim } from "~/features/backoffice/StaffQueueFrame";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import * as bo from "~/features/backoffice/backoffice.css";

type Item = ReviewQueueData["items"][number];

export function BackofficeReviewsPage({
  queue,
  done,
  failure,
}: {
  queue: ReviewQueueData;
  done: "keep" | "remove" | null;
  failure: FormReply | null;
}) {
  // Date and event reviews have ids of their own: the frame matches a refused post by a key of both.
  const items = queue.items.map((item) => ({ ...item, id: item.id, key: `${item.kind}-${item.id}` }));
  return (
    <StaffQueueFrame
      feature="queues"
      items={items}
      scopeOf={(item) => `reviews.${item.kind}`}
      done={done}
      failure={failure}
      renderItem={(item, _itemFailure, claim) => (
        <ReviewEntry
          key={item.key}
          item={item}
          claim={claim}
          failure={failure && inputText(failure, "kind") === item.kind && inputText(failure, "id") === String(item.id) ? failure : null}
        />
      )}
    />
  );
}

function ReviewEntry({ item, failure, claim }: { item: Item; failure: FormReply | null; claim: ItemClaim | null }) {
  const { t, i18n } = useTranslation("queues");
  const { t: tCommon } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const rating = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const reasonId = `reason-review-${item.kind}-${item.id}`;
  const reasonErrors = failure?.fieldErrors.reason ?? [];
  const anchor = claim?.anchor ?? {};
  return (
    <li className={bo.item} data-testid="review-queue-item" data-review={`${item.kind}-${item.id}`} {...anchor}>
      {claim?.bar}
      <div className={bo.itemHead}>
        <h2 className={bo.kind}>{t(`queues.backoffice.kind_${item.kind}`)}</h2>
        <span>
          <Link to={`/${i18n.language}/p/${item.author.username}`}>{t("queues.backoffice.by", { name: item.author.username })}</Link> ·{" "}
          <Link to={`/${i18n.language}/p/${item.subject.username}`}>{t("queues.backoffice.about", { name: item.subject.username })}</Link>
        </span>
      </div>
      <p className={ui.muted}>
        {t("queues.backoffice.written", { date: date.format(item.createdAt) })} ·{" "}
        {t("queues.backoffice.rating", { rating: rating.format(item.rating) })}
      </p>
      <p className={ui.row}>
        <span data-testid="review-flag">{t(`queues.backoffice.flag_${item.flag}`)}</span>
      </p>
      <blockquote className={bo.proposed}>{item.text}</blockquote>
      {failure ? <FormErrors errors={errorsBesides(failure, ["reason"])} /> : null}
      <div className={bo.decisions}>
        <Form method="post">
          <input type="hidden" name="kind" value={item.kind} />
          <input type="hidden" name="id" value={item.id} />
          <button className={ui.button} type="submit" name="decision" value="keep" data-shortcut="a">
            {t("queues.backoffice.keep")}
          </button>
        </Form>
        <Form method="post" className={bo.rejectForm}>
          <input type="hidden" name="kind" value={item.kind} />
          <input type="hidden" name="id" value={item.id} />
          <div className={ui.field} style={{ flex: "1 1 240px" }}>
            <label className={ui.label} htmlFor={reasonId}>
              {t("queues.backoffice.reason")}
            </label>
            <textarea
              id={reasonId}
              name="reason"
              className={ui.input}
              rows={3}
              maxLength={REVIEW_REASON_MAX}
              defaultValue={failure ? inputText(failure, "reason") : ""}
              aria-invalid={reasonErrors.length > 0 || undefined}
              aria-describedby={`${reasonId}-hint${reasonErrors.length > 0 ? ` ${reasonId}-error` : ""}`}
              data-shortcut="r"
            />
            <p id={`${reasonId}-hint`} className={ui.muted} style={{ margin: 0 }}>
              {t("queues.backoffice.reason_hint", { min: REVIEW_REASON_MIN, max: REVIEW_REASON_MAX })}
            </p>
            <ErrorLine
              id={`${reasonId}-error`}
              name="reason"
              message={reasonErrors.map((message) => translateMessage(tCommon, message)).join(" ") || undefined}
            />
          </div>
          <button className={ui.buttonSecondary} type="submit" name="decision" value="remove">
            {t("queues.backoffice.remove")}
          </button>
        </Form>
      </div>
    </li>
  );
}
