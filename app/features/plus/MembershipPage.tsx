/**
 * user/membership, the page (issue 26, ADR 076): the running plan, its end, the next renewal, and the actions —
 * cancel (its own page), undo cancel, preempt (the checkout), withdrawal within 14 days; the packages without plus.
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { checkoutPath } from "#server/contract/checkout-path";
import { plusBenefitLabels, plusBenefitAudienceOf } from "#server/contract/entitlements";
import { plusPackageTitleKey } from "#server/contract/plus-packages";
import { USER_TYPE } from "#server/contract/users";
import type { PlusContractData, PlusPackagesData } from "~/api/plus.server";
import { FormErrors } from "~/components/Field";
import type { FormReply } from "~/components/form/reply";
import { useLang, useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { formatCalendarDate, homeDayOf } from "~/utils/dates";
import { usePriceText } from "~/utils/money";
import { SettingsCard, SettingsFrame } from "../settings/SettingsFrame";
import { PackageList } from "./PackageList";
import * as css from "./plus.css";

export function MembershipPage({
  state,
  packages,
  done,
  reply,
}: {
  state: PlusContractData;
  packages: PlusPackagesData["packages"];
  done: "cancelled" | "undone" | null;
  reply: FormReply | null;
}) {
  const { t } = useTranslation("plus");
  const { t: tm } = useTranslation("membership");
  const lang = useLang();
  const to = useLocalePath();
  const price = usePriceText();
  const day = (ms: number) => formatCalendarDate(homeDayOf(ms), lang);
  const c = state.contract;
  const live = c !== null && ["running", "cancelled", "past_due"].includes(c.status) && state.plusMember;
  const audience = plusBenefitAudienceOf(state.audience === "client" ? USER_TYPE.client : USER_TYPE.escort);
  const notice = done === "cancelled" ? t("plus.page.cancelled_notice") : done === "undone" ? t("plus.page.undone_notice") : null;
  return (
    <SettingsFrame title={tm("settings.pages.membership.title")} intro={t("plus.page.intro")} notice={notice}>
      {reply ? <FormErrors errors={[...reply.formErrors, ...Object.values(reply.fieldErrors).flat()]} /> : null}
      <SettingsCard id="plus-contract" title={t("plus.page.plan_heading")} testId="plus-contract">
        {c ? (
          <dl className={css.facts} data-status={c.status}>
            <dt className={css.factLabel}>{t("plus.page.package_label")}</dt>
            <dd className={css.factValue}>{t(plusPackageTitleKey(c))}</dd>
            <dt className={css.factLabel}>{t("plus.page.status_label")}</dt>
            <dd className={css.factValue} data-testid="plus-status">
              {t(`plus.page.status.${c.status}`)}
            </dd>
            {c.endsAt !== null || !live ? (
              <>
                <dt className={css.factLabel}>{t("plus.page.ends_on")}</dt>
                <dd className={css.factValue} data-testid="plus-ends">
                  {day(c.endsAt ?? c.periodEnd)}
                </dd>
              </>
            ) : (
              <>
                <dt className={css.factLabel}>{t("plus.page.paid_until")}</dt>
                <dd className={css.factValue}>{day(c.periodEnd)}</dd>
              </>
            )}
            {live ? (
              <>
                <dt className={css.factLabel}>{t("plus.page.next_renewal")}</dt>
                <dd className={css.factValue} data-testid="plus-next-renewal">
                  {c.nextRenewal
                    ? t("plus.page.next_renewal_value", {
                        date: day(c.nextRenewal.at),
                        price: price({ amount: c.nextRenewal.grossCents, currency: "EUR" }),
                      })
                    : t("plus.page.no_renewal")}
                </dd>
              </>
            ) : null}
          </dl>
        ) : (
          <p>{t("plus.page.basic")}</p>
        )}
        {c && live ? (
          <div className={css.actions}>
            {c.canCancel ? (
              <Link className={ui.buttonSecondary} to={to("user/membership/cancel")} data-testid="plus-cancel">
                {t("plus.page.cancel")}
              </Link>
            ) : null}
            {c.canUndoCancel ? (
              <Form method="post">
                <input type="hidden" name="intent" value="undo" />
                <button className={ui.button} type="submit" data-testid="plus-undo">
                  {t("plus.page.undo")}
                </button>
              </Form>
            ) : null}
            {c.preemptSku ? (
              <Link className={ui.linkButton} to={checkoutPath(lang, "membership", c.preemptSku)} data-testid="plus-preempt">
                {t("plus.page.preempt")}
              </Link>
            ) : null}
          </div>
        ) : null}
        {c?.canUndoCancel ? <p className={ui.muted}>{t("plus.page.undo_hint")}</p> : null}
        {c?.preemptSku ? <p className={ui.muted}>{t("plus.page.preempt_hint")}</p> : null}
        {c?.withdrawal ? (
          <p>
            {t("plus.page.withdrawal", {
              date: day(c.withdrawal.until),
              price: price({ amount: c.withdrawal.refundCents, currency: "EUR" }),
            })}{" "}
            <Link to={to("contracts/withdraw")}>{t("plus.page.withdraw_link")}</Link>
          </p>
        ) : null}
        {live ? (
          <p className={ui.muted}>
            {t("plus.page.statutory_hint")} <Link to={to("contracts/cancel")}>{t("plus.contracts.cancel_title")}</Link>
          </p>
        ) : null}
      </SettingsCard>
      {!live ? (
        <PackageList
          heading={t(`plus.packages.heading_${state.audience ?? "client"}`)}
          packages={packages.map((p) => ({ id: p.id, months: p.months, renewable: p.renewable, grossCents: p.grossCents }))}
        />
      ) : null}
      <SettingsCard id="plus-benefits" title={t("plus.page.benefits_heading")} testId="membership-benefits">
        <ul style={{ margin: "8px 0 0", paddingLeft: "1.2em", lineHeight: 1.6 }}>
          {plusBenefitLabels(audience).map((benefit) => (
            <li key={benefit} data-benefit={benefit}>
              {tm(`membership.benefits.${benefit}`)}
            </li>
          ))}
        </ul>
      </SettingsCard>
      <p>
        <Link to={to("user/billing_invoices")}>{t("plus.page.invoices_link")}</Link>
      </p>
    </SettingsFrame>
  );
}
