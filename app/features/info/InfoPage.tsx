import type { ReactNode } from "react";
import { Link, NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { navigationKeys, pagePath, type PageSection } from "#server/contract/pages";
import { brand } from "~/brand/brand";
import { useLocalePath } from "~/i18n/lang";
import * as css from "~/components/info/info.css";

/** What the info page loaders hand to the views (see info-pages.server.ts). */
export interface InfoPageView {
  section: PageSection;
  key: string;
  version: "current" | "previous";
  language: string;
  title: string;
  updated: string;
  html: string;
  hasPrevious: boolean;
  currentPath: string;
  previousPath: string;
}

/** The pages of a section, for its side navigation. The magazine goes with the brand's magazine link. */
function useSectionLinks(section: PageSection) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return navigationKeys(section)
    .filter((key) => brand.showMagazine || !(section === "about" && key === "magazine"))
    .map((key) => ({ key, href: to(pagePath(section, key)), label: t(`info.pages.${section}.${key}`) }));
}

export function SectionNav({ section }: { section: PageSection }) {
  const { t } = useTranslation();
  const links = useSectionLinks(section);
  const headingId = `info-nav-${section}`;
  return (
    <nav className={css.sideNav} aria-labelledby={headingId} data-info-nav={section}>
      <h2 id={headingId} className={css.sideNavHeading}>
        {t(`info.nav.${section}`, { brand: brand.name })}
      </h2>
      <ul className={css.sideNavList}>
        {links.map((link) => (
          <li key={link.key}>
            <NavLink className={css.sideNavLink} to={link.href} end>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A current info page: side navigation, title, date, an optional lead (a notice), the rendered Markdown, then anything the page adds (a form). */
export function InfoPage({ page, lead, children }: { page: InfoPageView; lead?: ReactNode; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const hasNav = page.section !== "partners";
  return (
    <main className={hasNav ? css.layout : css.layoutSingle} data-info-page={`${page.section}/${page.key}`}>
      {hasNav ? <SectionNav section={page.section} /> : null}
      <article className={css.article} lang={page.language !== i18n.language ? page.language : undefined}>
        <h1>{page.title}</h1>
        <p className={css.updated}>
          {t("info.updated", { date: page.updated })}
          {page.hasPrevious ? (
            <>
              {" · "}
              <Link to={page.previousPath} data-previous-link>
                {t("info.previous.link")}
              </Link>
            </>
          ) : null}
        </p>
        {page.language !== i18n.language ? <p className={css.versionNote}>{t("info.language_fallback")}</p> : null}
        {lead}
        {/* Rendered by the API from operator Markdown with raw HTML escaped and links restricted. */}
        <div className={css.prose} dangerouslySetInnerHTML={{ __html: page.html }} />
        {children}
      </article>
    </main>
  );
}

/** A previous version, shown without header or footer (spec section 2). */
export function PreviousVersionPage({ page }: { page: InfoPageView }) {
  const { t } = useTranslation();
  return (
    <main className={css.bare} data-info-page={`${page.section}/${page.key}/previous`} data-version={page.version}>
      <p className={css.versionNote} role="note">
        {page.version === "previous" ? t("info.previous.notice", { date: page.updated }) : t("info.previous.none")}{" "}
        <Link to={page.currentPath}>{t("info.previous.to_current")}</Link>
      </p>
      <article>
        <h1>{page.title}</h1>
        {page.version === "current" ? <p className={css.updated}>{t("info.updated", { date: page.updated })}</p> : null}
        <div className={css.prose} dangerouslySetInnerHTML={{ __html: page.html }} />
      </article>
    </main>
  );
}
