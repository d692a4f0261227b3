import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DATE_USER_TYPES } from "#server/contract/date-users";
import { OFFERED_LANGUAGES } from "#server/contract/locales";
import { isStaffUserType } from "#server/contract/users";
import type { Viewer } from "~/api/viewer.server";
import { brand } from "~/brand/brand";
import { switchLanguage, useLang, useLocalePath } from "~/i18n/lang";
import { emailVerificationPath } from "#server/contract/email-verification";
import { returnPathHere, withReturnPath } from "~/utils/return-path";
import { ChromeLink, ChromeNavLink } from "./chrome-link";
import * as css from "./chrome.css";
import { NotificationBell } from "./NotificationBell";
import { WalletBalanceLink } from "~/features/wallet/WalletBalanceLink";

/** `searchHome`: the signed-in user's saved search (path after the language), rebuilt from user_filters. */
export function SiteHeader({ viewer, searchHome = null }: { viewer: Viewer | null; searchHome?: string | null }) {
  const { t } = useTranslation();
  // The messenger's unread messages (ADR 043), read with the viewer in one API call.
  const unreadMessages = viewer?.messenger.unreadMessages ?? 0;
  // "Meine Dates" and what waits there for the member (an answer or a review; ADR 070), read with the viewer too.
  const hasDates = viewer !== null && DATE_USER_TYPES.includes(viewer.profile.userType);
  const waitingDates = viewer?.dates.waiting ?? 0;
  const to = useLocalePath();
  const location = useLocation();
  return (
    <header className={css.header}>
      <a className={css.skip} href="#main-content">
        {t("nav.skip_to_content")}
      </a>
      {/* One row on a wide screen; on a phone the logo and the member's tools share the first row and the
          sections follow under them, wrapping onto one more row when they do not fit (never cut off). */}
      <div className={css.headerInner}>
        <ChromeLink className={css.logo} to={to("")}>
          {brand.name}
        </ChromeLink>
        <nav className={css.nav} aria-label={t("nav.main")}>
          <ChromeNavLink className={css.navLink} to={to("escorts")}>
            {t("nav.escorts")}
          </ChromeNavLink>
          <ChromeNavLink className={css.navLink} to={to("agenturen-clubs")}>
            {t("nav.businesses")}
          </ChromeNavLink>
          {/* The newsfeed (spec section 2 "Personal": newsfeed, for guests too; ADR 095). */}
          <ChromeNavLink className={css.navLink} to={to("newsfeed")} data-testid="nav-newsfeed">
            {t("nav.newsfeed")}
          </ChromeNavLink>
          {/* The live streaming menu (spec section 2: browse, start, streaming live, watch recording; ADR 124). Guests
              cannot watch: on their phones it would wrap the header onto a third row, so it is for wide screens there. */}
          <ChromeNavLink className={viewer ? css.navLink : `${css.navLink} ${css.wideOnly}`} to={to("live")} data-testid="nav-live">
            {t("nav.live")}
          </ChromeNavLink>
          {/* Events and blogs join the navigation when their pages exist (later issues). */}
          {/* On phones the magazine is the footer's: four links would wrap the guest's header onto a third row. */}
          {brand.showMagazine ? (
            <ChromeNavLink className={`${css.navLink} ${css.wideOnly}`} to={to("about/magazine")} data-nav="magazine">
              {t("nav.magazine")}
            </ChromeNavLink>
          ) : null}
          {viewer && searchHome ? (
            <ChromeLink className={css.navLink} to={to(searchHome)} data-testid="nav-search">
              {t("nav.my_search")}
            </ChromeLink>
          ) : null}
          {viewer && isStaffUserType(viewer.profile.userType) ? (
            <ChromeNavLink className={css.navLink} to={to("backoffice")}>
              {t("nav.backoffice")}
            </ChromeNavLink>
          ) : null}
        </nav>
        <div className={css.tools}>
          {viewer ? (
            <>
              <CountedToolLink
                to={to("messenger")}
                testId="nav-messages"
                data={{ "data-messenger-unread": unreadMessages }}
                label={t("nav.messages")}
                count={unreadMessages}
                countLabel={t("bell.unread", { count: unreadMessages })}
                iconPath="M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm1 2.4V17h16V7.4l-8 5.3-8-5.3ZM5.3 7l6.7 4.4L18.7 7H5.3Z"
              />
              {hasDates ? (
                <CountedToolLink
                  to={to("my_date")}
                  testId="nav-dates"
                  data={{ "data-dates-waiting": waitingDates }}
                  label={t("nav.dates")}
                  count={waitingDates}
                  countLabel={t("nav.dates_waiting", { count: waitingDates })}
                  iconPath="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2ZM5 9v10h14V9H5Zm2 2h4v4H7v-4Z"
                />
              ) : null}
              {viewer.dollars ? <WalletBalanceLink available={viewer.dollars.available} /> : null}
              <NotificationBell summary={viewer.notifications} />
              <ChromeNavLink className={css.toolLink} to={to("my_dashboard")} data-testid="nav-dashboard">
                <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path fill="currentColor" d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z" />
                </svg>
                <span className={css.toolLabel}>{t("nav.dashboard")}</span>
              </ChromeNavLink>
              {/* On a phone the dashboard carries the logout button; the header keeps its row for the tools. */}
              <Form className={css.wideOnly} method="post" action={to("logout")}>
                <button className={css.headerButton} type="submit">
                  {t("nav.logout")}
                </button>
              </Form>
            </>
          ) : (
            <>
              {/* Both keep the way back (issue 25 item 3): on a page a prompt sent the visitor to, its own `r`. */}
              <ChromeLink className={css.headerButton} to={withReturnPath(to("login"), returnPathHere(location))} data-testid="nav-login">
                {t("nav.login")}
              </ChromeLink>
              <ChromeLink
                className={css.headerButton}
                to={withReturnPath(to("join/user"), returnPathHere(location))}
                data-testid="nav-join"
              >
                <span className={css.wideOnly}>{t("nav.join")}</span>
                <span className={css.narrowOnly}>{t("nav.join_short")}</span>
              </ChromeLink>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * A slim line under the header while a member's address needs verification
 * (ADR 024): nothing is blocked, but messaging and posting wait for it. The
 * verification page leads back to the page it was opened from. Not shown
 * on the join pages (the wizard and the verification page say it there).
 */
export function EmailVerificationNotice({ viewer }: { viewer: Viewer | null }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const location = useLocation();
  if (!viewer?.mustVerifyEmail) return null;
  if (location.pathname.split("/")[2] === "join") return null;
  const here = location.pathname + location.search;
  return (
    <div className={css.notice} role="note" data-testid="verify-email-notice">
      <p className={css.noticeInner}>
        {t("nav.verify_email_notice")}{" "}
        <ChromeLink to={withReturnPath(to(emailVerificationPath(viewer.profile.userType)), here)}>{t("nav.verify_email_link")}</ChromeLink>
      </p>
    </div>
  );
}

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const location = useLocation();
  const current = useLang();
  return (
    <nav aria-label={t("footer.language")}>
      <ul className={css.footerList}>
        {OFFERED_LANGUAGES.map((lang) => (
          <li key={lang}>
            <a
              href={switchLanguage(location.pathname, lang) + location.search}
              hrefLang={lang}
              lang={lang}
              aria-current={lang === current ? "true" : undefined}
            >
              {t(`languages.${lang}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const year = new Date().getUTCFullYear();
  return (
    <footer className={css.footer}>
      <div className={css.footerInner}>
        <section>
          <h2 className={css.footerHeading}>{t("footer.about_heading", { brand: brand.name })}</h2>
          <ul className={css.footerList}>
            <li>
              <ChromeLink to={to("about")}>{t("footer.about")}</ChromeLink>
            </li>
            <li>
              <ChromeLink to={to("about/rules")}>{t("footer.rules")}</ChromeLink>
            </li>
            <li>
              <ChromeLink to={to("about/guidelines_and_policies")}>{t("footer.guidelines")}</ChromeLink>
            </li>
            <li>
              <ChromeLink to={to("about/social_responsibility")}>{t("footer.social_responsibility")}</ChromeLink>
            </li>
            {brand.showMagazine ? (
              <li>
                <ChromeLink to={to("about/magazine")}>{t("footer.magazine")}</ChromeLink>
              </li>
            ) : null}
            <li>
              <ChromeLink to={to("partners")}>{t("footer.partners")}</ChromeLink>
            </li>
          </ul>
        </section>
        <section>
          <h2 className={css.footerHeading}>{t("footer.legal_heading")}</h2>
          <ul className={css.footerList}>
            <li>
              <ChromeLink to={to("legal/terms_and_conditions")}>{t("footer.terms")}</ChromeLink>
            </li>
            <li>
              <ChromeLink to={to("legal/data_privacy_statement")}>{t("footer.privacy")}</ChromeLink>
            </li>
            <li>
              <ChromeLink to={to("legal/imprint")}>{t("footer.imprint")}</ChromeLink>
            </li>
            <li>
              <ChromeLink to={to("about/content_removal_request")}>{t("footer.content_removal")}</ChromeLink>
            </li>
            <li>
              <ChromeLink to={to("about/2257_declaration")}>{t("footer.declaration_2257")}</ChromeLink>
            </li>
            {/* § 312k BGB: the cancellation button on every page, and the EU withdrawal function beside it (ADR 076). */}
            <li>
              <ChromeLink to={to("contracts/cancel")} data-testid="footer-cancel-contracts">
                {t("footer.cancel_contracts")}
              </ChromeLink>
            </li>
            <li>
              <ChromeLink to={to("contracts/withdraw")}>{t("footer.withdraw_contract")}</ChromeLink>
            </li>
          </ul>
        </section>
        <section>
          <h2 className={css.footerHeading}>{t("footer.community_heading")}</h2>
          <ul className={css.footerList}>
            <li>
              <ChromeLink to={to("events")}>{t("footer.events")}</ChromeLink>
            </li>
            <li>
              <ChromeLink to={to("blogs")}>{t("footer.blogs")}</ChromeLink>
            </li>
          </ul>
        </section>
        <section>
          <h2 className={css.footerHeading}>{t("footer.company_heading")}</h2>
          <ul className={css.footerList}>
            <li>
              <ChromeLink to={to("misc/press")}>{t("footer.press")}</ChromeLink>
            </li>
            <li>
              <ChromeLink to={to("misc/advertisement")}>{t("footer.advertisement")}</ChromeLink>
            </li>
          </ul>
        </section>
        <section>
          <h2 className={css.footerHeading}>{t("footer.seo_title")}</h2>
          <ul className={css.footerList}>
            <li>
              <ChromeLink to={to("location_guide")}>{t("footer.location_guide")}</ChromeLink>
            </li>
            <li>
              <ChromeLink to={to("seo_guide")}>{t("footer.seo_guide")}</ChromeLink>
            </li>
          </ul>
        </section>
        <section>
          <h2 className={css.footerHeading}>{t("footer.language")}</h2>
          <LanguageSwitcher />
        </section>
      </div>
      <p style={{ textAlign: "center", margin: 0, paddingBottom: "16px" }}>
        <small>{t("footer.copyright", { year, brand: brand.name })}</small>
      </p>
    </footer>
  );
}

/** A header tool with a count (messages, dates): an icon at a 44 px target, its word on a wide screen, the count named for screen readers. */
function CountedToolLink(props: {
  to: string;
  testId: string;
  data: Record<`data-${string}`, number>;
  label: string;
  count: number;
  countLabel: string;
  iconPath: string;
}) {
  const { to, testId, data, label, count, countLabel, iconPath } = props;
  return (
    <ChromeNavLink
      className={css.toolLink}
      to={to}
      data-testid={testId}
      {...data}
      aria-label={count > 0 ? `${label}, ${countLabel}` : undefined}
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" d={iconPath} />
      </svg>
      <span className={css.toolLabel}>{label}</span>
      {count ? <span className={css.navCount}>{count > 99 ? "99+" : count}</span> : null}
    </ChromeNavLink>
  );
}
