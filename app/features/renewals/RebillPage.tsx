/**
 * paywall/rebill/{token}, the page: the rebill group's offer, what it costs and for how long, and one button that pays
 * it (§ 312j BGB: the price, the term and the renewal terms directly above a "zahlungspflichtig" button). A spent,
 * replaced or expired link and an unknown one get a page of their own that says what to do instead.
 */
import { Form, Link } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { LANGUAGE_TAGS, isLanguage } from "#server/contract/locales";
import type { RebillInfoData } from "~/api/renewals.server";
import { FormErrors } from "~/components/Field";
import { allErrors, readReply } from "~/components/form/reply";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import type { RebillView } from "./rebill.server";

interface Answer {
  lastResult: SubmissionResult<string[]>;
}

function tagOf(language: string): string {
  return LANGUAGE_TAGS[isLanguage(language) ? language : "de"];
}

function Offer({ info, answer }: { info: RebillInfoData; answer: Answer | null }) {
  const { t, i18n } = useTranslation("rebill");
  const tag = tagOf(i18n.language);
  const money = (cents: number) => new Intl.NumberFormat(tag, { style: "currency", currency: info.offer.currency }).format(cents / 100);
  const day = (ms: number) => new Intl.DateTimeFormat(tag, { dateStyle: "long", timeZone: "UTC" }).format(new Date(ms));
  const { offer } = info;
  const price = money(offer.priceCents);
  const ended = info.periodEnd <= Date.now();
  return (
    <>
      <p>{t(ended ? "rebill.ended_at" : "rebill.ends_at", { date: day(info.periodEnd) })}</p>
      <section className={`${ui.card} ${ui.stack}`} aria-labelledby="rebill-offer" data-testid="rebill-offer">
        <h2 id="rebill-offer" style={{ margin: 0, fontSize: "1.15rem" }}>
          {t(`rebill.offer.${offer.kind}`)}
        </h2>
        <p style={{ margin: 0, fontSize: "1.6rem", fontWeight: 700 }} data-testid="rebill-price">
          {price}
        </p>
        <p style={{ margin: 0 }}>{t("rebill.term", { count: offer.months })}</p>
        {offer.discountPercent > 0 ? (
          <p className={ui.notice} style={{ margin: 0 }}>
            {t("rebill.saving", { percent: offer.discountPercent, regular: money(offer.regularPriceCents) })}
          </p>
        ) : null}
      </section>
      <FormErrors errors={allErrors(readReply(answer?.lastResult))} />
      <p className={ui.muted}>{t("rebill.renewal_terms", { count: offer.months })}</p>
      {info.storedMethod ? (
        <Form method="post" className={ui.stack}>
          <input type="hidden" name="pay_with" value="stored" />
          <p className={ui.muted} style={{ margin: 0 }}>
            {t("rebill.stored_method", { method: t(`rebill.methods.${info.storedMethod}`) })}
          </p>
          <button className={ui.button} type="submit" data-testid="rebill-pay">
            {t("rebill.pay", { price })}
          </button>
        </Form>
      ) : null}
      <Form method="post" className={ui.stack}>
        <input type="hidden" name="pay_with" value="new" />
        <button className={info.storedMethod ? ui.buttonSecondary : ui.button} type="submit" data-testid="rebill-pay-new">
          {info.storedMethod ? t("rebill.pay_new") : t("rebill.pay", { price })}
        </button>
      </Form>
      <p className={ui.muted}>{t("rebill.expires", { date: day(info.expiresAt) })}</p>
    </>
  );
}

export function RebillPage({ view, answer }: { view: RebillView; answer: Answer | null }) {
  const { t } = useTranslation("rebill");
  const to = useLocalePath();
  let body;
  if (view.mode === "offer") body = <Offer info={view.info} answer={answer} />;
  else if (view.mode === "done") {
    body = (
      <>
        <p className={ui.notice} role="status" data-testid="rebill-done">
          {t(`rebill.done.${view.done}`)}
        </p>
        <Link to={to("user/membership")}>{t("rebill.to_membership")}</Link>
      </>
    );
  } else {
    body = (
      <>
        <p className={ui.alert} role="alert" data-testid={`rebill-${view.mode}`}>
          {t(`rebill.${view.mode}`)}
        </p>
        <p>{t("rebill.what_now")}</p>
        <Link className={ui.button} to={to("user/membership")}>
          {t("rebill.to_membership")}
        </Link>
      </>
    );
  }
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1 style={{ margin: 0 }}>{t("rebill.title")}</h1>
        {body}
      </div>
    </main>
  );
}
