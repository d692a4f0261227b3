/**
 * user/gifts, the page: the balance, the send form (then its one confirmation), giving plus, and the received and
 * sent gifts. Every form is a plain post; the confirmation carries the idempotency key its render made.
 */
import { Form, Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { checkoutPath } from "#server/contract/checkout-path";
import { GIFT_MAX, GIFT_MIN, GIFT_RETURN_DAYS } from "#server/contract/gifts";
import type { GiftItemData, GiftListData } from "~/api/gifts.server";
import { Field, FormErrors } from "~/components/Field";
import { TextAreaField } from "~/components/FieldControls";
import { PageLinks } from "~/components/PageLinks";
import type { FormReply } from "~/components/form/reply";
import { useLang, useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { formatCalendarDate, homeDayOf } from "~/utils/dates";
import { usePriceText } from "~/utils/money";
import * as css from "./gifts.css";

export interface GiftConfirmation {
  username: string;
  amount: number;
  message: string;
  key: string;
}

interface GiftsPageProps {
  title: string;
  balance: number;
  received: GiftListData;
  sent: GiftListData;
  done: "sent" | "insufficient" | "returned" | null;
  gift: GiftItemData | null;
  messageMax: number;
  confirm: GiftConfirmation | null;
  reply: FormReply | null;
}

const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");

export function GiftsPage({ title, balance, received, sent, done, gift, messageMax, confirm, reply }: GiftsPageProps) {
  const { t } = useTranslation("gifts");
  const lang = useLang();
  const to = useLocalePath();
  const dollars = usePriceText();
  const money = (amount: number) => dollars({ amount, currency: "dollar" });
  // The send form's errors and input (a refused confirmation shows the form again with what was entered).
  const giftReply = reply && (reply.intent === "review" || reply.intent === "send") ? reply : null;
  const plusReply = reply?.intent === "membership" ? reply : null;
  const listReply = reply?.intent === "return" ? reply : null;

  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        <p className={css.balance} data-testid="gifts-balance">
          {t("gifts.balance", { amount: money(balance) })} <Link to={checkoutPath(lang, "dollar")}>{t("gifts.buy_dollars")}</Link>
        </p>
        {done === "sent" && gift ? (
          <p role="status" className={ui.notice} data-testid="gift-done">
            {t("gifts.done_sent", { amount: money(gift.amount), name: gift.other?.displayName ?? "" })}
          </p>
        ) : null}
        {done === "insufficient" ? (
          <div role="alert" className={ui.alert} data-testid="gift-insufficient">
            {t("gifts.insufficient")} <Link to={checkoutPath(lang, "dollar")}>{t("gifts.buy_dollars")}</Link>
          </div>
        ) : null}
        {done === "returned" ? (
          <p role="status" className={ui.notice}>
            {t("gifts.done_returned")}
          </p>
        ) : null}

        <section className={`${ui.card} ${ui.stack}`} aria-labelledby="gift-send-heading">
          <h2 id="gift-send-heading" className={css.heading}>
            {t("gifts.send_heading")}
          </h2>
          {confirm ? (
            <Form method="post" className={ui.stack} data-testid="gift-confirm">
              <p>{t("gifts.confirm_text", { amount: money(confirm.amount), username: confirm.username })}</p>
              {confirm.message ? <blockquote className={css.message}>{confirm.message}</blockquote> : null}
              <dl className={css.facts}>
                <dt>{t("gifts.balance_before")}</dt>
                <dd>{money(balance)}</dd>
                <dt>{t("gifts.balance_after")}</dt>
                <dd>{money(Math.max(balance - confirm.amount, 0))}</dd>
              </dl>
              {balance < confirm.amount ? (
                <p className={ui.alert}>
                  {t("gifts.insufficient")} <Link to={checkoutPath(lang, "dollar")}>{t("gifts.buy_dollars")}</Link>
                </p>
              ) : null}
              <input type="hidden" name="intent" value="send" />
              <input type="hidden" name="username" value={confirm.username} />
              <input type="hidden" name="amount" value={confirm.amount} />
              <input type="hidden" name="message" value={confirm.message} />
              <input type="hidden" name="key" value={confirm.key} />
              <div className={ui.row}>
                <button className={ui.button} type="submit" data-testid="gift-confirm-submit">
                  {t("gifts.confirm_submit", { amount: money(confirm.amount) })}
                </button>
                <Link className={ui.buttonSecondary} to={to("user/gifts")}>
                  {t("gifts.change")}
                </Link>
              </div>
            </Form>
          ) : (
            <Form method="post" className={ui.stack} data-testid="gift-form">
              <input type="hidden" name="intent" value="review" />
              {giftReply ? <FormErrors errors={giftReply.formErrors.concat(giftReply.fieldErrors.key ?? [])} /> : null}
              <Field
                name="username"
                id="gift-username"
                label={t("gifts.username_label")}
                autoComplete="off"
                autoCapitalize="none"
                required
                defaultValue={text(giftReply?.input.username)}
                errors={giftReply?.fieldErrors.username ?? []}
              />
              <Field
                name="amount"
                id="gift-amount"
                label={t("gifts.amount_label")}
                hint={t("gifts.amount_hint", { min: GIFT_MIN, max: GIFT_MAX })}
                type="number"
                inputMode="numeric"
                min={GIFT_MIN}
                max={GIFT_MAX}
                step={1}
                required
                defaultValue={text(giftReply?.input.amount)}
                errors={giftReply?.fieldErrors.amount ?? []}
              />
              <TextAreaField
                name="message"
                id="gift-message"
                label={t("gifts.message_label")}
                maxLength={messageMax}
                rows={2}
                defaultValue={text(giftReply?.input.message)}
                errors={giftReply?.fieldErrors.message ?? []}
              />
              <div className={ui.row}>
                <button className={ui.button} type="submit" data-testid="gift-review">
                  {t("gifts.review_submit")}
                </button>
              </div>
            </Form>
          )}
        </section>

        <section className={`${ui.card} ${ui.stack}`} aria-labelledby="gift-plus-heading">
          <h2 id="gift-plus-heading" className={css.heading}>
            {t("gifts.plus_heading")}
          </h2>
          <p className={ui.muted}>{t("gifts.plus_text")}</p>
          <Form method="post" className={ui.stack}>
            <input type="hidden" name="intent" value="membership" />
            {plusReply ? <FormErrors errors={plusReply.formErrors} /> : null}
            <Field
              name="username"
              id="plus-username"
              label={t("gifts.username_label")}
              autoComplete="off"
              autoCapitalize="none"
              required
              defaultValue={text(plusReply?.input.username)}
              errors={plusReply?.fieldErrors.username ?? []}
            />
            <div className={ui.row}>
              <button className={ui.buttonSecondary} type="submit" data-testid="gift-plus-submit">
                {t("gifts.plus_submit")}
              </button>
            </div>
          </Form>
        </section>

        {listReply ? <FormErrors errors={listReply.formErrors.concat(listReply.fieldErrors.gift_id ?? [])} /> : null}
        <GiftListSection list={received} param="received" heading={t("gifts.received_heading")} empty={t("gifts.received_empty")} />
        <GiftListSection list={sent} param="sent" heading={t("gifts.sent_heading")} empty={t("gifts.sent_empty")} />
        <p className={ui.muted}>{t("gifts.return_rule", { days: GIFT_RETURN_DAYS })}</p>
      </div>
    </main>
  );
}

function GiftListSection({ list, param, heading, empty }: { list: GiftListData; param: string; heading: string; empty: string }) {
  const { t } = useTranslation("gifts");
  const lang = useLang();
  const to = useLocalePath();
  const dollars = usePriceText();
  const [search] = useSearchParams();
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const hrefOf = (page: number) => {
    const query = new URLSearchParams(search);
    query.delete("done");
    query.delete("gift");
    query.set(param, String(page));
    return `?${query.toString()}`;
  };
  return (
    <section className={ui.stack} aria-labelledby={`gifts-${param}-heading`} data-testid={`gifts-${param}`}>
      <h2 id={`gifts-${param}-heading`} className={ui.sectionTitle}>
        {heading}
      </h2>
      {list.items.length === 0 ? (
        <p className={ui.muted}>{empty}</p>
      ) : (
        <ul className={ui.entryList}>
          {list.items.map((item) => (
            <li key={item.id} className={ui.entryCard} data-testid="gift-item">
              <div className={css.itemHead}>
                <strong className={css.amount}>{dollars({ amount: item.amount, currency: "dollar" })}</strong>
                <span>{item.other ? <Link to={to(`p/${item.other.username}`)}>{item.other.displayName}</Link> : t("gifts.someone")}</span>
              </div>
              <span className={ui.muted}>
                {formatCalendarDate(homeDayOf(item.createdAt), lang)}
                {item.status === "returned" ? ` · ${t("gifts.status_returned")}` : ""}
              </span>
              {item.message ? <p className={css.message}>{item.message}</p> : null}
              {item.returnableUntil !== null ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="return" />
                  <input type="hidden" name="gift_id" value={item.id} />
                  <button className={ui.buttonSecondary} type="submit" data-testid="gift-return">
                    {t("gifts.return_submit")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <PageLinks page={list.page} pages={pages} hrefOf={hrefOf} />
    </section>
  );
}
