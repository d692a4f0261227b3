/**
 * buy/status (issue 26 item 3): the paying state. The only hydrated page of the checkout, so in a module of its own:
 * it loads none of the step forms (ADR 168).
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { CheckoutOrderData } from "~/api/checkout.server";
import { useLang, useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { formatEuro, useGoodsTitle } from "./checkout-text";
import * as css from "./checkout.css";

/** buy/status: paying (waits, refreshes itself), success (what was bought, links to it), failed (try again). */
export function CheckoutStatusPage({ order, returnTo = null }: { order: CheckoutOrderData; returnTo?: string | null }) {
  const { t } = useTranslation("checkout");
  const lang = useLang();
  const to = useLocalePath();
  const title = useGoodsTitle();
  const state = order.payingCode === 1 ? "success" : order.payingCode === -1 ? "failed" : order.payingCode === 2 ? "paying" : "open";
  return (
    <main className={ui.narrow}>
      <div className={ui.stack} data-testid="checkout-status" data-state={state} data-paying-code={order.payingCode}>
        <h1 className={css.title}>{t(`checkout.status.${state}.title`)}</h1>
        <p role="status">{t(`checkout.status.${state}.text`, { title: title(order), total: formatEuro(order.grossCents, lang) })}</p>
        {state === "paying" && order.method === "TR" ? (
          <dl className={`${css.facts} ${ui.card}`} data-testid="transfer-instructions">
            <dt>{t("checkout.transfer.amount")}</dt>
            <dd>{formatEuro(order.grossCents, lang)}</dd>
            <dt>{t("checkout.transfer.reference")}</dt>
            <dd>
              <code>{order.paymentReference}</code>
            </dd>
          </dl>
        ) : null}
        {state === "paying" ? (
          <>
            {/* Without JavaScript the page asks again by itself; with it, the page polls (CheckoutStatusPoll). */}
            <noscript>
              <meta httpEquiv="refresh" content="3" />
            </noscript>
            <p className={ui.muted}>{t("checkout.status.paying.hint")}</p>
            <Link className={ui.buttonSecondary} to={to(`buy/status?order=${order.ref}`)}>
              {t("checkout.status.reload")}
            </Link>
          </>
        ) : null}
        {state === "success" && returnTo ? (
          <Link className={ui.button} to={returnTo} data-testid="dollar-return">
            {t("checkout.status.back_to_purchase")}
          </Link>
        ) : null}
        {state === "success" && order.goods === "membership" ? (
          <div className={ui.row}>
            <Link className={ui.button} to={to("escorts")}>
              {t("checkout.status.to_search")}
            </Link>
            <Link className={ui.buttonSecondary} to={to("visitor")}>
              {t("checkout.status.to_visitors")}
            </Link>
          </div>
        ) : null}
        {state === "failed" ? (
          <Link className={ui.button} to={to(`buy?goods=${order.goods}&sku=${encodeURIComponent(order.sku)}`)}>
            {t("checkout.status.retry")}
          </Link>
        ) : null}
        {state === "open" ? (
          <Link className={ui.button} to={to(`buy?order=${order.ref}`)}>
            {t("checkout.status.continue")}
          </Link>
        ) : null}
      </div>
    </main>
  );
}
