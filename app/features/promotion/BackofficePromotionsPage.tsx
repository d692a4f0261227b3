/**
 * The back office's promotion profiles (ADR 090): each waiting one with the member, whether the profile is listed,
 * the headline and the photo, and two plain forms — accept (it runs from now), or reject with a reason code (the
 * member gets the dollars back and a notification). Not hydrated.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PROMOTION_REVIEW_REJECT_CODES } from "#server/contract/promotion";
import type { PromotionReviewItemData, PromotionReviewQueueData } from "~/api/promotion.server";
import { FormErrors } from "~/components/Field";
import { ErrorLine } from "~/components/form/ErrorLine";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { Picture } from "~/components/Picture";
import { ItemClaimBar, itemAnchor, PageQueueChrome } from "~/features/queues/QueueChrome";
import { useLang, useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { formatHomeMoment } from "~/utils/dates";
import { usePriceText } from "~/utils/money";
import * as css from "./promotion.css";

/** The item a refused decision was about (its hidden id), or null. */
const itemOf = (failure: FormReply | null) => (failure ? Number(inputText(failure, "id")) || null : null);

function ReviewCard({ item, failure, action }: { item: PromotionReviewItemData; failure: FormReply | null; action: string }) {
  const { t } = useTranslation("promotion");
  const { t: tCommon } = useTranslation();
  const lang = useLang();
  const to = useLocalePath();
  const price = usePriceText();
  const mine = itemOf(failure) === item.id ? failure : null;
  const reasonId = `reason-${item.id}`;
  const reasonError = mine?.fieldErrors.reason?.[0];
  return (
    <li
      className={`${ui.card} ${ui.stack}`}
      data-testid="promotion-review-item"
      data-member={item.member.username}
      {...itemAnchor("promotions", item.id)}
    >
      <ItemClaimBar scope="promotions" itemId={item.id} />
      <div className={css.historyRow}>
        <strong>
          <Link to={to(`p/${item.member.username}`)}>{item.member.displayName}</Link> ({item.member.username})
        </strong>
        <span className={ui.muted}>{formatHomeMoment(item.createdAt, lang)}</span>
      </div>
      <p className={ui.muted} style={{ margin: 0 }}>
        {price({ amount: item.price, currency: "dollar" })} ·{" "}
        {item.member.listed ? t("promotion.backoffice.listed") : t("promotion.backoffice.not_listed")}
      </p>
      <div className={css.reviewBody}>
        <span className={css.reviewPhoto}>
          {item.content.photo ? (
            <Picture
              image={item.content.photo.image}
              className={css.photoImage}
              alt={t("promotion.backoffice.photo_alt")}
              sizes="96px"
              width={96}
              height={128}
            />
          ) : (
            <span className={ui.muted}>{t("promotion.backoffice.no_photo")}</span>
          )}
        </span>
        <blockquote className={css.quote} data-testid="promotion-review-text">
          {item.content.text}
        </blockquote>
      </div>
      {mine ? <FormErrors errors={errorsBesides(mine, ["reason"]).map((key) => translateMessage(tCommon, key))} /> : null}
      <div className={css.decisions}>
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="accept" />
          <input type="hidden" name="id" value={item.id} />
          <button className={ui.button} type="submit" data-testid="promotion-accept" data-shortcut="a">
            {t("promotion.backoffice.accept")}
          </button>
        </Form>
        <Form method="post" action={action} className={ui.stack}>
          <input type="hidden" name="intent" value="reject" />
          <input type="hidden" name="id" value={item.id} />
          <div className={ui.field}>
            <label className={ui.label} htmlFor={reasonId}>
              {t("promotion.backoffice.reason")}
            </label>
            <select
              id={reasonId}
              data-shortcut="r"
              name="reason"
              className={ui.input}
              defaultValue={mine ? inputText(mine, "reason") : ""}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${reasonId}-error` : undefined}
            >
              <option value="">{t("promotion.backoffice.choose_reason")}</option>
              {PROMOTION_REVIEW_REJECT_CODES.map((code) => (
                <option key={code} value={code}>
                  {t(`promotion.reasons.${code}`)}
                </option>
              ))}
            </select>
            <ErrorLine id={`${reasonId}-error`} name="reason" message={reasonError ? translateMessage(tCommon, reasonError) : undefined} />
          </div>
          <div>
            <button className={ui.buttonSecondary} type="submit" data-testid="promotion-reject">
              {t("promotion.backoffice.reject")}
            </button>
          </div>
        </Form>
      </div>
    </li>
  );
}

export function BackofficePromotionsPage({
  title,
  queue,
  done,
  failure,
}: {
  title: string;
  queue: PromotionReviewQueueData;
  done: "accepted" | "rejected" | null;
  failure: FormReply | null;
}) {
  const { t } = useTranslation("promotion");
  const { t: tCommon } = useTranslation();
  const to = useLocalePath();
  const pages = Math.max(1, Math.ceil(queue.total / queue.pageSize));
  const action = `${to("backoffice/promotions")}${queue.page > 1 ? `?page=${queue.page}` : ""}`;
  return (
    <main className={ui.page}>
      <div className={ui.stack}>
        <Link to={to("backoffice")}>{t("promotion.backoffice.back")}</Link>
        <h1>{title}</h1>
        <PageQueueChrome />
        <p className={ui.muted}>{t("promotion.backoffice.intro")}</p>
        {/* A refused decision about no item of this page (decided meanwhile, a hand-made post): above the list. */}
        {failure && !queue.items.some((item) => item.id === itemOf(failure)) ? (
          <FormErrors errors={errorsBesides(failure, []).map((key) => translateMessage(tCommon, key))} />
        ) : null}
        {done ? (
          <p className={ui.notice} role="status" data-testid="backoffice-notice">
            {t(`promotion.backoffice.done_${done}`)}
          </p>
        ) : null}
        <p>
          <strong>{t("promotion.backoffice.count", { count: queue.total })}</strong>
        </p>
        {queue.items.length === 0 ? (
          <p className={ui.card} data-testid="promotion-review-empty">
            {t("promotion.backoffice.empty")}
          </p>
        ) : (
          <ul className={ui.plainList}>
            {queue.items.map((item) => (
              <ReviewCard key={item.id} item={item} failure={failure} action={action} />
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <nav className={ui.row} aria-label={t("promotion.backoffice.pages")}>
            {queue.page > 1 ? <Link to={`?page=${queue.page - 1}`}>{t("promotion.backoffice.previous")}</Link> : null}
            <span>{t("promotion.backoffice.page_of", { page: queue.page, pages })}</span>
            {queue.page < pages ? <Link to={`?page=${queue.page + 1}`}>{t("promotion.backoffice.next")}</Link> : null}
          </nav>
        ) : null}
      </div>
    </main>
  );
}
