/**
 * The fans pages (issue 28 item 3, ADR 094): the profile's fans tab, the subscribe confirmation, the member's
 * subscriptions and one subscription (cancel, undo cancel), the creator's tiers and subscribers. Plain forms only.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { creatorFansPath } from "#server/contract/creators";
import { fanCardCents } from "#server/contract/fans";
import type { Language } from "#server/contract/locales";
import type { FanOfferData, FanSubscribersData, FanSubscriptionData, FanTierListData } from "~/api/fans.server";
import { Field, FormErrors } from "~/components/Field";
import { CheckboxField, TextAreaField } from "~/components/FieldControls";
import type { FormReply } from "~/components/form/reply";
import { useLang, useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { formatCalendarDate, homeDayOf } from "~/utils/dates";
import { usePriceText } from "~/utils/money";
import * as css from "./fans.css";

type Tier = FanOfferData["tiers"][number];

const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");

function useDollars() {
  const price = usePriceText();
  return (amount: number) => price({ amount, currency: "dollar" });
}

const dayOf = (ms: number, lang: Language) => formatCalendarDate(homeDayOf(ms), lang);

/** A calendar month ("2026-12") as the reader's language writes it ("Dezember 2026"). */
const monthName = (month: string, lang: Language) =>
  new Intl.DateTimeFormat(lang, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T12:00:00Z`));

/** What a subscription's state means for the fan, in one line. */
function SubscriptionState({ item }: { item: FanSubscriptionData }) {
  const { t } = useTranslation("fans");
  const lang = useLang();
  const until = dayOf(item.paidUntil, lang);
  if (!item.active)
    return <span className={css.status}>{t("fans.state.ended", { date: dayOf(item.endedAt ?? item.paidUntil, lang) })}</span>;
  if (!item.renews) return <span className={css.status}>{t("fans.state.card", { date: until })}</span>;
  if (item.statusName === "cancel") return <span className={css.status}>{t("fans.state.cancelled", { date: until })}</span>;
  return <span className={css.status}>{t("fans.state.running", { date: until })}</span>;
}

// ── The profile's fans tab ─────────────────────────────────────────────────────────────────────────────────────

export function FanOfferTab({ offer, signedIn, displayName }: { offer: FanOfferData | null; signedIn: boolean; displayName: string }) {
  const { t } = useTranslation("fans");
  const to = useLocalePath();
  const dollars = useDollars();
  if (!offer || offer.tiers.length === 0) {
    return (
      <section className={ui.stack} aria-labelledby="fans-heading" data-testid="tab-fans">
        <h2 id="fans-heading">{t("fans.offer.heading")}</h2>
        <p>{t("fans.offer.empty", { name: displayName })}</p>
        {offer?.own ? <Link to={to("user/fan_offer")}>{t("fans.offer.set_up")}</Link> : null}
      </section>
    );
  }
  return (
    <section className={ui.stack} aria-labelledby="fans-heading" data-testid="tab-fans">
      <h2 id="fans-heading">{t("fans.offer.heading")}</h2>
      <p className={ui.muted}>{t("fans.offer.intro", { name: offer.creator.displayName })}</p>
      {offer.subscription ? (
        <p role="status" className={ui.notice} data-testid="fans-subscribed">
          {t("fans.offer.subscribed", { tier: offer.subscription.tierName })} <SubscriptionState item={offer.subscription} />{" "}
          <Link to={to(`user/fans/${offer.subscription.id}`)}>{t("fans.offer.manage")}</Link>
        </p>
      ) : null}
      {offer.own ? <Link to={to("user/fan_offer")}>{t("fans.offer.edit_own")}</Link> : null}
      <ul className={css.tiers}>
        {offer.tiers.map((tier) => (
          <li key={tier.id} className={`${ui.card} ${ui.stack}`} data-testid="fan-tier">
            <h3 className={css.heading}>{tier.name}</h3>
            <p className={css.price}>{t("fans.offer.per_month", { price: dollars(tier.price) })}</p>
            {tier.benefits ? <p className={css.benefits}>{tier.benefits}</p> : null}
            {offer.maySubscribe ? (
              <Link className={ui.button} to={to(`fans/${offer.creator.username}/${tier.id}`)} data-testid="fan-tier-subscribe">
                {t("fans.offer.subscribe")}
              </Link>
            ) : !signedIn ? (
              <Link className={ui.buttonSecondary} to={to(`login?r=${encodeURIComponent(to(creatorFansPath(offer.creator.username)))}`)}>
                {t("fans.offer.login")}
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
      <p className={ui.muted}>{t("fans.offer.terms")}</p>
    </section>
  );
}

// ── The confirmation ───────────────────────────────────────────────────────────────────────────────────────────

export function SubscribeConfirmPage({
  title,
  offer,
  tier,
  cardCents,
  back,
  buyPath,
  reply,
}: {
  title: string;
  offer: FanOfferData;
  tier: Tier;
  cardCents: number;
  back: string;
  buyPath: string;
  reply: FormReply | null;
}) {
  const { t } = useTranslation("fans");
  const dollars = useDollars();
  const price = usePriceText();
  const covered = offer.balance >= tier.price;
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        <section className={`${ui.card} ${ui.stack}`} data-testid="fans-confirm">
          <h2 className={css.heading}>{tier.name}</h2>
          {tier.benefits ? <p className={css.benefits}>{tier.benefits}</p> : null}
          <dl className={css.amounts}>
            <dt>{t("fans.confirm.price")}</dt>
            <dd className={css.factValue} data-testid="fans-confirm-price">
              {t("fans.offer.per_month", { price: dollars(tier.price) })}
            </dd>
            <dt>{t("fans.confirm.balance_before")}</dt>
            <dd className={css.factValue}>{dollars(offer.balance)}</dd>
            <dt>{t("fans.confirm.balance_after")}</dt>
            <dd className={css.factValue}>{covered ? dollars(offer.balance - tier.price) : "–"}</dd>
          </dl>
          {/* § 312j-like clarity: what is charged, when, and how it ends, right above the button. */}
          <p className={css.terms} data-testid="fans-confirm-terms">
            {t("fans.confirm.terms", { price: dollars(tier.price), name: offer.creator.displayName })}
          </p>
          <p className={ui.muted}>{t("fans.confirm.renewal_rule")}</p>
          {reply ? <FormErrors errors={reply.formErrors.concat(reply.fieldErrors.tier_id ?? [])} /> : null}
          {covered ? (
            <Form method="post" className={ui.row}>
              <input type="hidden" name="intent" value="subscribe" />
              <input type="hidden" name="tier_id" value={tier.id} />
              <button className={ui.button} type="submit" data-testid="fans-confirm-submit">
                {t("fans.confirm.submit", { price: dollars(tier.price) })}
              </button>
              <Link className={ui.buttonSecondary} to={back}>
                {t("fans.confirm.back")}
              </Link>
            </Form>
          ) : (
            <div className={ui.stack}>
              <p role="alert" className={ui.alert} data-testid="fans-confirm-insufficient">
                {t("fans.confirm.insufficient")}
              </p>
              <div className={ui.row}>
                <Link className={ui.button} to={buyPath}>
                  {t("fans.confirm.buy_dollars")}
                </Link>
                <Link className={ui.buttonSecondary} to={back}>
                  {t("fans.confirm.back")}
                </Link>
              </div>
            </div>
          )}
        </section>
        <section className={`${ui.card} ${ui.stack}`} aria-labelledby="fans-card-heading" data-testid="fans-card">
          <h2 id="fans-card-heading" className={css.heading}>
            {t("fans.confirm.card_heading")}
          </h2>
          <p className={ui.muted}>{t("fans.confirm.card_text", { price: price({ amount: cardCents, currency: "EUR" }) })}</p>
          <Form method="post" className={ui.row}>
            <input type="hidden" name="intent" value="card" />
            <input type="hidden" name="tier_id" value={tier.id} />
            <button className={ui.buttonSecondary} type="submit" data-testid="fans-card-submit">
              {t("fans.confirm.card_submit")}
            </button>
          </Form>
        </section>
      </div>
    </main>
  );
}

// ── The member's subscriptions ─────────────────────────────────────────────────────────────────────────────────

export function MySubscriptionsPage({ title, items }: { title: string; items: FanSubscriptionData[] }) {
  const { t } = useTranslation("fans");
  const to = useLocalePath();
  const dollars = useDollars();
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        {items.length === 0 ? (
          <p data-testid="fans-mine-empty">{t("fans.mine.empty")}</p>
        ) : (
          <ul className={ui.entryList} data-testid="fans-mine">
            {items.map((item) => (
              <li key={item.id} className={ui.entryCard}>
                <Link className={css.itemLink} to={to(`user/fans/${item.id}`)}>
                  {item.creator.displayName}
                </Link>
                <div>
                  {item.tierName} · {t("fans.offer.per_month", { price: dollars(item.price) })}
                </div>
                <SubscriptionState item={item} />
              </li>
            ))}
          </ul>
        )}
        <Link to={to("user")}>{t("fans.back_to_settings")}</Link>
      </div>
    </main>
  );
}

export function SubscriptionPage({
  title,
  item,
  done,
  reply,
}: {
  title: string;
  item: FanSubscriptionData;
  done: "subscribed" | "cancelled" | "resumed" | null;
  reply: FormReply | null;
}) {
  const { t } = useTranslation("fans");
  const lang = useLang();
  const to = useLocalePath();
  const price = usePriceText();
  const dollars = useDollars();
  // A card subscription renews in euros through its stored payment (ADR 094), a dollar one from the wallet.
  const monthly = item.method === "card" ? price({ amount: fanCardCents(item.price), currency: "EUR" }) : dollars(item.price);
  const until = dayOf(item.paidUntil, lang);
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        {done ? (
          <p role="status" className={ui.notice} data-testid="fans-done">
            {t(`fans.detail.done_${done}`, { date: until })}
          </p>
        ) : null}
        <section className={`${ui.card} ${ui.stack}`} data-testid="fans-subscription">
          <dl className={css.facts}>
            <dt>{t("fans.detail.tier")}</dt>
            <dd>{item.tierName}</dd>
            <dt>{t("fans.confirm.price")}</dt>
            <dd>{t("fans.offer.per_month", { price: monthly })}</dd>
            <dt>{t("fans.detail.since")}</dt>
            <dd>{dayOf(item.createdAt, lang)}</dd>
            <dt>{t("fans.detail.state")}</dt>
            <dd data-testid="fans-state">
              <SubscriptionState item={item} />
            </dd>
          </dl>
          {reply ? <FormErrors errors={reply.formErrors} /> : null}
          {item.active && !item.renews ? (
            <Form method="post" className={ui.stack}>
              <p className={ui.muted}>{t("fans.detail.card_rule", { date: until })}</p>
              <input type="hidden" name="intent" value="card" />
              <div className={ui.row}>
                <button className={ui.button} type="submit" data-testid="fans-card-next">
                  {t("fans.detail.card_next")}
                </button>
              </div>
            </Form>
          ) : null}
          {item.active && item.renews && item.statusName === "running" ? (
            <Form method="post" className={ui.stack}>
              <p className={ui.muted}>{t("fans.detail.cancel_rule", { date: until })}</p>
              <input type="hidden" name="intent" value="cancel" />
              <div className={ui.row}>
                <button className={ui.buttonSecondary} type="submit" data-testid="fans-cancel">
                  {t("fans.detail.cancel")}
                </button>
              </div>
            </Form>
          ) : null}
          {item.active && item.renews && item.statusName === "cancel" ? (
            <Form method="post" className={ui.stack}>
              <p className={ui.muted}>{t("fans.detail.undo_rule", { date: until, price: monthly })}</p>
              <input type="hidden" name="intent" value="undo" />
              <div className={ui.row}>
                <button className={ui.button} type="submit" data-testid="fans-undo">
                  {t("fans.detail.undo")}
                </button>
              </div>
            </Form>
          ) : null}
        </section>
        <div className={ui.row}>
          <Link to={to(creatorFansPath(item.creator.username))}>{t("fans.detail.to_profile", { name: item.creator.displayName })}</Link>
          <Link to={to("user/fans")}>{t("fans.detail.to_list")}</Link>
        </div>
      </div>
    </main>
  );
}

// ── The creator's tiers ────────────────────────────────────────────────────────────────────────────────────────

function TierFields({
  idPrefix,
  tier,
  reply,
  nameMax,
  benefitsMax,
  priceMin,
  priceMax,
}: {
  idPrefix: string;
  tier: FanTierListData["tiers"][number] | null;
  reply: FormReply | null;
  nameMax: number;
  benefitsMax: number;
  priceMin: number;
  priceMax: number;
}) {
  const { t } = useTranslation("fans");
  // A refused form shows what was sent; otherwise the tier as saved.
  const value = (field: string, saved: string) => (reply ? text(reply.input[field]) : saved);
  return (
    <>
      <Field
        name="name"
        id={`${idPrefix}-name`}
        label={t("fans.tiers.name")}
        maxLength={nameMax}
        required
        defaultValue={value("name", tier?.name ?? "")}
        errors={reply?.fieldErrors.name ?? []}
      />
      <Field
        name="price"
        id={`${idPrefix}-price`}
        label={t("fans.tiers.price")}
        hint={t("fans.tiers.price_hint", { min: priceMin, max: priceMax })}
        type="number"
        inputMode="numeric"
        min={priceMin}
        max={priceMax}
        step={1}
        required
        defaultValue={value("price", tier ? String(tier.price) : "")}
        errors={reply?.fieldErrors.price ?? []}
      />
      <TextAreaField
        name="benefits"
        id={`${idPrefix}-benefits`}
        label={t("fans.tiers.benefits")}
        maxLength={benefitsMax}
        rows={3}
        defaultValue={value("benefits", tier?.benefits ?? "")}
        errors={reply?.fieldErrors.benefits ?? []}
      />
      <CheckboxField
        name="is_active"
        id={`${idPrefix}-active`}
        label={t("fans.tiers.active")}
        defaultChecked={reply ? reply.input.is_active === "on" : (tier?.isActive ?? true)}
      />
    </>
  );
}

export function FanTiersPage({
  title,
  list,
  saved,
  nameMax,
  benefitsMax,
  offerPath,
  reply,
}: {
  title: string;
  list: FanTierListData;
  saved: boolean;
  nameMax: number;
  benefitsMax: number;
  offerPath: string;
  reply: FormReply | null;
}) {
  const { t } = useTranslation("fans");
  const to = useLocalePath();
  const limits = { nameMax, benefitsMax, priceMin: list.priceMin, priceMax: list.priceMax };
  const replyFor = (intent: string, tierId: number | null) =>
    reply && reply.intent === intent && (tierId === null || text(reply.input.tier_id) === String(tierId)) ? reply : null;
  const createReply = replyFor("create", null);
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        <p className={ui.muted}>{t("fans.tiers.intro", { max: list.max })}</p>
        {saved ? (
          <p role="status" className={ui.notice} data-testid="fans-tiers-saved">
            {t("fans.tiers.saved")}
          </p>
        ) : null}
        <div className={ui.row}>
          <Link to={to(offerPath)}>{t("fans.tiers.see_offer")}</Link>
          <Link to={to("user/fan_subscribers")}>{t("fans.subscribers.title")}</Link>
        </div>
        {list.tiers.map((tier) => {
          const tierReply = replyFor("update", tier.id);
          return (
            <section key={tier.id} className={`${ui.card} ${ui.stack}`} aria-labelledby={`tier-${tier.id}`} data-testid="fans-tier-edit">
              <h2 id={`tier-${tier.id}`} className={css.heading}>
                {t("fans.tiers.tier_heading", { position: tier.position })}
              </h2>
              <Form method="post" className={ui.stack}>
                <input type="hidden" name="intent" value="update" />
                <input type="hidden" name="tier_id" value={tier.id} />
                {tierReply ? <FormErrors errors={tierReply.formErrors.concat(tierReply.fieldErrors.tier_id ?? [])} /> : null}
                <TierFields idPrefix={`tier-${tier.id}`} tier={tier} reply={tierReply} {...limits} />
                <div className={ui.row}>
                  <button className={ui.button} type="submit">
                    {t("fans.tiers.save")}
                  </button>
                </div>
              </Form>
            </section>
          );
        })}
        {list.tiers.length < list.max ? (
          <section className={`${ui.card} ${ui.stack}`} aria-labelledby="tier-new" data-testid="fans-tier-new">
            <h2 id="tier-new" className={css.heading}>
              {t("fans.tiers.new_heading")}
            </h2>
            <Form method="post" className={ui.stack}>
              <input type="hidden" name="intent" value="create" />
              {createReply ? <FormErrors errors={createReply.formErrors} /> : null}
              <TierFields idPrefix="tier-new" tier={null} reply={createReply} {...limits} />
              <div className={ui.row}>
                <button className={ui.button} type="submit" data-testid="fans-tier-create">
                  {t("fans.tiers.create")}
                </button>
              </div>
            </Form>
          </section>
        ) : (
          <p className={ui.muted}>{t("fans.tiers.full", { max: list.max })}</p>
        )}
      </div>
    </main>
  );
}

// ── The creator's subscribers ──────────────────────────────────────────────────────────────────────────────────

export function FanSubscribersPage({ title, subscribers }: { title: string; subscribers: FanSubscribersData }) {
  const { t } = useTranslation("fans");
  const lang = useLang();
  const to = useLocalePath();
  const dollars = useDollars();
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        <p data-testid="fans-counts">{t("fans.subscribers.counts", { running: subscribers.running, cancelled: subscribers.cancelled })}</p>
        <section className={`${ui.card} ${ui.stack}`} aria-labelledby="fans-earnings">
          <h2 id="fans-earnings" className={css.heading}>
            {t("fans.subscribers.earnings")}
          </h2>
          <table className={css.table} data-testid="fans-earnings">
            <thead>
              <tr>
                <th className={css.cell}>{t("fans.subscribers.month")}</th>
                <th className={css.number}>{t("fans.subscribers.periods")}</th>
                <th className={css.number}>{t("fans.subscribers.amount")}</th>
              </tr>
            </thead>
            <tbody>
              {subscribers.earnings.map((month) => (
                <tr key={month.month}>
                  <td className={css.cell}>{monthName(month.month, lang)}</td>
                  <td className={css.number}>{month.periods.toLocaleString(lang)}</td>
                  <td className={css.number}>{dollars(month.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className={ui.muted}>{t("fans.subscribers.earnings_rule")}</p>
        </section>
        <section className={ui.stack} aria-labelledby="fans-list">
          <h2 id="fans-list" className={css.heading}>
            {t("fans.subscribers.list")}
          </h2>
          {subscribers.subscribers.length === 0 ? (
            <p data-testid="fans-subscribers-empty">{t("fans.subscribers.empty")}</p>
          ) : (
            <ul className={ui.entryList} data-testid="fans-subscribers">
              {subscribers.subscribers.map((s) => (
                <li key={s.subscriptionId} className={ui.entryCard}>
                  <Link className={css.itemLink} to={to(`p/${s.username}`)}>
                    {s.displayName}
                  </Link>
                  <div>
                    {s.tierName} · {t("fans.offer.per_month", { price: dollars(s.price) })}
                  </div>
                  <div className={ui.muted}>
                    {s.statusName === "cancel"
                      ? t("fans.subscribers.ends", { date: dayOf(s.paidUntil, lang) })
                      : t("fans.subscribers.renews", { date: dayOf(s.paidUntil, lang) })}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
        <Link to={to("user/fan_offer")}>{t("fans.tiers.title")}</Link>
      </div>
    </main>
  );
}
