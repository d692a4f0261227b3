/**
 * user/token_rewards and user/share_kaufmich, the pages (issue 27 item 4). The rewards page reads; its one form claims
 * what was earned where no hook granted it (a plain POST). The share page has no form.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ShareStateData, TokenRewardsData } from "~/api/gifts.server";
import { useLang, useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { formatCalendarDate, homeDayOf } from "~/utils/dates";
import { usePriceText } from "~/utils/money";
import * as css from "./gifts.css";

/** Where each reward's action is done. */
const HOW_TO: Record<TokenRewardsData["items"][number]["kind"], string> = {
  email_verified: "user/email_password",
  first_review: "my_date",
  invite_verified: "user/share_kaufmich",
};

export function TokenRewardsPage({ title, rewards, claimed }: { title: string; rewards: TokenRewardsData; claimed: boolean }) {
  const { t } = useTranslation("gifts");
  const lang = useLang();
  const to = useLocalePath();
  const dollars = usePriceText();
  const claimable = rewards.items.filter((item) => item.claimable).reduce((sum, item) => sum + item.dollars, 0);
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        {claimed ? (
          <p role="status" className={ui.notice} data-testid="rewards-claimed">
            {t("gifts.rewards.claimed")}
          </p>
        ) : null}
        <p>{t("gifts.rewards.intro")}</p>
        <p data-testid="rewards-earned">{t("gifts.rewards.earned", { amount: dollars({ amount: rewards.earned, currency: "dollar" }) })}</p>
        {claimable > 0 ? (
          <Form method="post" className={`${ui.card} ${ui.stack}`} data-testid="rewards-claim">
            <p style={{ margin: 0 }}>{t("gifts.rewards.claim_intro", { amount: dollars({ amount: claimable, currency: "dollar" }) })}</p>
            <input type="hidden" name="intent" value="claim" />
            <div className={ui.row}>
              <button type="submit" className={ui.button} data-testid="rewards-claim-submit">
                {t("gifts.rewards.claim")}
              </button>
            </div>
          </Form>
        ) : null}
        <ul className={ui.entryList}>
          {rewards.items.map((item) => (
            <li key={item.kind} className={ui.entryCard} data-testid={`reward-${item.kind}`}>
              <div className={css.itemHead}>
                <strong className={css.amount}>{dollars({ amount: item.dollars, currency: "dollar" })}</strong>
                <span>{t(`gifts.rewards.kinds.${item.kind}.title`)}</span>
              </div>
              {item.grantedAt !== null ? (
                <span className={css.rewardDone}>
                  {t("gifts.rewards.done", { date: formatCalendarDate(homeDayOf(item.grantedAt), lang) })}
                </span>
              ) : item.claimable ? (
                <span className={css.rewardState} data-testid={`reward-${item.kind}-claimable`}>
                  {t("gifts.rewards.claimable")}
                </span>
              ) : (
                <>
                  <span className={css.rewardState}>{t("gifts.rewards.open")}</span>
                  <span>{t(`gifts.rewards.kinds.${item.kind}.how`)}</span>
                  <Link to={to(HOW_TO[item.kind])}>{t(`gifts.rewards.kinds.${item.kind}.link`)}</Link>
                </>
              )}
            </li>
          ))}
        </ul>
        <p className={ui.muted}>{t("gifts.rewards.once")}</p>
        <p>
          <Link to={to("user/gifts")}>{t("gifts.rewards.to_gifts")}</Link>
        </p>
      </div>
    </main>
  );
}

export function SharePage({
  title,
  link,
  share,
  inviteReward,
}: {
  title: string;
  link: string;
  share: ShareStateData;
  inviteReward: number;
}) {
  const { t } = useTranslation("gifts");
  const to = useLocalePath();
  const dollars = usePriceText();
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        <p>{t("gifts.share.intro", { amount: dollars({ amount: inviteReward, currency: "dollar" }) })}</p>
        <div className={`${ui.card} ${ui.stack}`}>
          <label className={ui.label} htmlFor="share-link">
            {t("gifts.share.link_label")}
          </label>
          {/* A text area, not a one-line input: the whole link wraps into view on a phone. */}
          <textarea id="share-link" className={`${ui.input} ${css.linkField}`} readOnly rows={2} value={link} data-testid="share-link" />
          <p className={ui.muted}>{t("gifts.share.link_hint")}</p>
        </div>
        <dl className={css.stats} data-testid="share-stats">
          <dt>{t("gifts.share.signed_up")}</dt>
          <dd data-testid="share-signed-up">{share.signedUp}</dd>
          <dt>{t("gifts.share.verified")}</dt>
          <dd>{share.verified}</dd>
          <dt>{t("gifts.share.earned")}</dt>
          <dd data-testid="share-earned">{dollars({ amount: share.earned, currency: "dollar" })}</dd>
        </dl>
        <p className={ui.muted}>{t("gifts.share.once")}</p>
        <p>
          <Link to={to("user/token_rewards")}>{t("gifts.share.to_rewards")}</Link>
        </p>
      </div>
    </main>
  );
}
