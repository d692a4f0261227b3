/** user: the settings index, the member's pages group by group, each row one link with what it holds. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { SettingsGroup, SettingsKey } from "#server/contract/settings";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { pageTextKey } from "./page-text";
import * as css from "./settings.css";

export function SettingsIndexPage({
  groups,
  isBusiness,
  tours = false,
  dollars = false,
  bundles = false,
}: {
  groups: Array<{ key: SettingsGroup; items: SettingsKey[] }>;
  isBusiness: boolean;
  /** Escorts also manage their tours here (user/tours, not a settings key of the spec). */
  tours?: boolean;
  /** Members (not staff) reach their dollars and gifts from here too (user/dollar, user/gifts; issue 27). */
  dollars?: boolean;
  /** Settings key "bundles" (issue 28): own and bought bundles (its texts in the bundles namespace). */
  bundles?: boolean;
}) {
  const { t } = useTranslation("account");
  const { t: tBundles } = useTranslation("bundle");
  const to = useLocalePath();
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{t("settings.title")}</h1>
        {groups
          .filter((group) => group.items.length > 0)
          .map((group) => (
            <section key={group.key} className={css.group} aria-labelledby={`settings-${group.key}`} data-testid={`settings-${group.key}`}>
              <h2 id={`settings-${group.key}`} className={css.groupTitle}>
                {t(`settings.groups.${group.key}`)}
              </h2>
              <ul className={css.items}>
                {group.items.map((item) => (
                  <li key={item}>
                    <Link className={css.item} to={to(`user/${item}`)}>
                      <span className={css.itemLabel}>{t(pageTextKey(item, "title", isBusiness))}</span>
                      <span className={ui.muted}>{t(pageTextKey(item, "summary", isBusiness))}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        {tours ? (
          <section className={css.group} aria-labelledby="settings-tours" data-testid="settings-tours">
            <h2 id="settings-tours" className={css.groupTitle}>
              {t("dashboard.tours_title")}
            </h2>
            <ul className={css.items}>
              <li>
                <Link className={css.item} to={to("user/tours")}>
                  <span className={css.itemLabel}>{t("dashboard.tours_title")}</span>
                  <span className={ui.muted}>{t("dashboard.tours_link")}</span>
                </Link>
              </li>
            </ul>
          </section>
        ) : null}
        {dollars ? (
          <section className={css.group} aria-labelledby="settings-dollars" data-testid="settings-dollars">
            <h2 id="settings-dollars" className={css.groupTitle}>
              {t("settings.dollars.title")}
            </h2>
            <ul className={css.items}>
              <li>
                <Link className={css.item} to={to("user/dollar")} data-testid="settings-dollar-link">
                  <span className={css.itemLabel}>{t("settings.dollars.dollar_title")}</span>
                  <span className={ui.muted}>{t("settings.dollars.dollar_summary")}</span>
                </Link>
              </li>
              <li>
                <Link className={css.item} to={to("user/gifts")} data-testid="settings-gifts-link">
                  <span className={css.itemLabel}>{t("settings.dollars.gifts_title")}</span>
                  <span className={ui.muted}>{t("settings.dollars.gifts_summary")}</span>
                </Link>
              </li>
            </ul>
          </section>
        ) : null}
        {bundles ? (
          <section className={css.group} aria-labelledby="settings-bundles" data-testid="settings-bundles">
            <h2 id="settings-bundles" className={css.groupTitle}>
              {tBundles("bundle.settings.title")}
            </h2>
            <ul className={css.items}>
              <li>
                <Link className={css.item} to={to("user/bundles")}>
                  <span className={css.itemLabel}>{tBundles("bundle.settings.title")}</span>
                  <span className={ui.muted}>{tBundles("bundle.settings.summary")}</span>
                </Link>
              </li>
            </ul>
          </section>
        ) : null}
        {/* Fan subscriptions (issue 28 item 3): every member's own; a creator's offer and fans as well. */}
        <section className={css.group} aria-labelledby="settings-fans" data-testid="settings-fans">
          <h2 id="settings-fans" className={css.groupTitle}>
            {t("settings.fans.title")}
          </h2>
          <ul className={css.items}>
            <li>
              <Link className={css.item} to={to("user/fans")}>
                <span className={css.itemLabel}>{t("settings.fans.mine")}</span>
                <span className={ui.muted}>{t("settings.fans.mine_summary")}</span>
              </Link>
            </li>
            {isBusiness || tours ? (
              <>
                <li>
                  <Link className={css.item} to={to("user/fan_offer")}>
                    <span className={css.itemLabel}>{t("settings.fans.offer")}</span>
                    <span className={ui.muted}>{t("settings.fans.offer_summary")}</span>
                  </Link>
                </li>
                <li>
                  <Link className={css.item} to={to("user/fan_subscribers")}>
                    <span className={css.itemLabel}>{t("settings.fans.subscribers")}</span>
                    <span className={ui.muted}>{t("settings.fans.subscribers_summary")}</span>
                  </Link>
                </li>
              </>
            ) : null}
          </ul>
        </section>
        <Link className={css.back} to={to("my_dashboard")}>
          {t("settings.to_dashboard")}
        </Link>
      </div>
    </main>
  );
}
