/**
 * The conversation's parts that only some visits show (ADR 168, ADR 174): what a post did (a paid one with the
 * price), a state that is not the normal one, a refused post's errors, the shared photos (`?view=photos`), the
 * first-contact rule card with its unlock form, the plus prompt, the first contacts left today, the send check and the
 * warning badge. Each is a deferred part of ConversationPage: the
 * server draws it whole, and a page that shows none of them never fetches this chunk (with one, it comes right after
 * hydration and the forms post plainly until then).
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { checkoutPath } from "#server/contract/checkout-path";
import { MESSAGE_BODY_MAX } from "#server/contract/messenger-basics";
import type { ContactLimitData, ConversationData, ThreadMediumsData } from "~/api/messenger.server";
import { TextAreaField } from "~/components/FieldControls";
import { Picture } from "~/components/Picture";
import { WarningBadge } from "~/features/warnings/WarningBadge";
import { useLang, useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { formatHomeMoment } from "~/utils/dates";
import { usePriceText } from "~/utils/money";
import type { ConversationPaid, MessengerDone } from "./messenger.server";
import * as css from "./messenger.css";

export { WarningBadge };

/** What a post of the page did (`?done=` after its redirect). */
export function DoneNotice({ done }: { done: MessengerDone }) {
  const { t } = useTranslation("messenger");
  return (
    <p className={ui.notice} role="status" data-testid="conversation-done">
      {t(`messenger.done.${done}`)}
    </p>
  );
}

/** The conversation's state when it is not a normal one (spec section 4): blocking states as an alert. */
export function StateBanner({ state, blocked, name }: { state: string; blocked: boolean; name: string }) {
  const { t } = useTranslation("messenger");
  return (
    <p className={blocked ? ui.alert : ui.notice} role="status" data-testid="conversation-state" data-state={state}>
      {t(`messenger.state_banner.${state}`, { name })}
    </p>
  );
}

/** What a paid post did (the first-contact unlock, a boost): the price paid and the balance after it. */
export function PaidNotice({ paid }: { paid: ConversationPaid }) {
  const { t } = useTranslation("messenger");
  const price = usePriceText();
  return (
    <p className={ui.notice} role="status" data-testid="conversation-paid" data-paid={paid.what}>
      {paid.what === "already_boosted"
        ? t("messenger.paid.already_boosted")
        : t(`messenger.paid.${paid.what}`, {
            price: price({ amount: paid.amount, currency: "dollar" }),
            balance: price({ amount: paid.balance ?? 0, currency: "dollar" }),
          })}
    </p>
  );
}

/** A refused post's errors that belong to no field shown on the page; with a payment the wallet did not cover, the way to buy dollars. */
export function RefusalNotice({ errors, insufficient }: { errors: string[]; insufficient: boolean }) {
  const { t } = useTranslation("messenger");
  const { t: tErrors } = useTranslation();
  const lang = useLang();
  return (
    <div className={`${ui.alert} ${ui.stack}`} role="alert" data-testid="conversation-error">
      <p style={{ margin: 0 }}>{errors.map((key) => translateMessage(tErrors, key)).join(" ")}</p>
      {insufficient ? (
        <p style={{ margin: 0 }}>
          <Link className={ui.button} to={checkoutPath(lang, "dollar")} data-testid="buy-dollars">
            {t("messenger.paid.buy_dollars")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** The photos both members sent in the thread (`?view=photos`). */
export function MediumsSection({ mediums, here }: { mediums: ThreadMediumsData["items"]; here: string }) {
  const { t } = useTranslation("messenger");
  return (
    <section className={ui.stack} aria-labelledby="mediums-title">
      <h2 id="mediums-title" className={ui.sectionTitle}>
        {t("messenger.mediums.title")}
      </h2>
      {mediums.length === 0 ? <p className={ui.muted}>{t("messenger.mediums.empty")}</p> : null}
      <ul className={css.mediums} data-testid="mediums">
        {mediums.map((item) => (
          <li key={item.id}>
            <Picture image={item.image} alt="" sizes="120px" width={item.image.width} height={item.image.height} className={css.photo} />
          </li>
        ))}
      </ul>
      <Link className={css.tapLink} to={here}>
        {t("messenger.mediums.close")}
      </Link>
    </section>
  );
}

/**
 * A first message the contact rules refuse now (ADR 068): the reason and what instead in place of the compose form;
 * past the day's first contacts, the first-contact unlock (ADR 083). `body` keeps the text of a refused post.
 */
export function ContactRuleCard({
  canSend,
  unlockOffer,
  name,
  partnerUsername,
  sendKey,
  body,
  bodyErrors,
}: {
  canSend: NonNullable<ConversationData["canSend"]>;
  unlockOffer: NonNullable<ConversationData["canSend"]>["dollarOffer"];
  name: string;
  partnerUsername: string;
  sendKey: string;
  body: string;
  bodyErrors: string[];
}) {
  const { t } = useTranslation("messenger");
  const { t: tErrors } = useTranslation();
  const to = useLocalePath();
  const price = usePriceText();
  return (
    <div className={`${ui.card} ${ui.stack}`} data-testid="contact-rule" data-rule={canSend.outcome}>
      {canSend.messageKey ? <p className={css.ruleText}>{translateMessage(tErrors, canSend.messageKey)}</p> : null}
      {unlockOffer ? (
        <Form method="post" className={ui.stack} data-testid="unlock-form">
          <p style={{ margin: 0 }} data-testid="unlock-price">
            {t("messenger.unlock.explain", { price: price({ amount: unlockOffer.price, currency: unlockOffer.currency }) })}
          </p>
          <TextAreaField
            id="unlock-body"
            name="body"
            label={t("messenger.compose.label", { name })}
            rows={3}
            maxLength={MESSAGE_BODY_MAX}
            defaultValue={body}
            errors={bodyErrors}
            className={`${ui.input} ${css.textarea}`}
          />
          {/* The send's client key: the payment's key derives from it, so a repeated post pays and sends once. */}
          <input type="hidden" name="key" value={sendKey} />
          <p style={{ margin: 0 }}>
            <button className={ui.button} type="submit" name="intent" value="unlock" data-testid="unlock-submit">
              {t("messenger.unlock.submit", { price: price({ amount: unlockOffer.price, currency: unlockOffer.currency }) })}
            </button>
          </p>
        </Form>
      ) : null}
      {partnerUsername ? (
        <p style={{ margin: 0 }}>
          <Link className={css.tapLink} to={to(`p/${partnerUsername}`)} data-testid="contact-rule-profile">
            {tErrors("contact_rules.profile_link")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** Plus would have let the message through: what it is and where to get it. */
export function UpgradePrompt() {
  const { t } = useTranslation("messenger");
  const lang = useLang();
  return (
    <div className={css.upgrade} data-testid="upgrade-prompt">
      <strong>{t("messenger.upgrade.title")}</strong>
      <p style={{ margin: 0 }}>{t("messenger.upgrade.text")}</p>
      <Link className={ui.button} to={checkoutPath(lang, "membership")}>
        {t("messenger.upgrade.link")}
      </Link>
    </div>
  );
}

/** Why a send would be refused now, above the compose field (the form stays: the rule may allow it by then). */
export function SendCheck({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation();
  return (
    <p className={ui.alert} role="status" data-testid="send-check">
      {translateMessage(t, messageKey)}
    </p>
  );
}

/** "2 of 3 first contacts left today · the next one frees on 6 Dec 2026, 14:05": one short line above the compose field. */
export function ContactLimitLine({ limit }: { limit: ContactLimitData }) {
  const { t } = useTranslation("messenger");
  const lang = useLang();
  const counts = t("messenger.contact_limit.left", { left: limit.left, limit: limit.limit });
  const next =
    limit.nextFreeAt !== null && limit.left < limit.limit
      ? t("messenger.contact_limit.next", { at: formatHomeMoment(limit.nextFreeAt, lang) })
      : "";
  return (
    <p className={ui.muted} style={{ margin: 0 }} data-testid="contact-limit">
      {next ? `${counts} · ${next}` : counts}
    </p>
  );
}
