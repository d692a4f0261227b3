/**
 * The way from the back office's main queue to the content editors and the warning list (ADR 120, 121): one line of
 * links, each shown only to staff whose permission (contract/staff-permissions) opens the page behind it.
 */
import { Link, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { userTypeMay, type StaffPermission } from "#server/contract/staff-permissions";
import { useLocalePath } from "~/i18n/lang";
import type { loader as layoutLoader } from "~/routes/$lang";

const LINKS: ReadonlyArray<{ path: string; key: string; permission: StaffPermission }> = [
  { path: "backoffice/announcements", key: "announcements", permission: "content.edit" },
  { path: "backoffice/pages", key: "pages", permission: "content.edit" },
  { path: "backoffice/landing-pages", key: "landing", permission: "content.edit" },
  { path: "backoffice/ads", key: "ads", permission: "content.edit" },
  { path: "backoffice/translations", key: "translations", permission: "content.edit" },
  { path: "backoffice/warnings", key: "warnings", permission: "reports.decide" },
  { path: "backoffice/warning-objections", key: "objections", permission: "trust.manage" },
];

export function ContentLinks() {
  const { t } = useTranslation("editors");
  const to = useLocalePath();
  const userType = useRouteLoaderData<typeof layoutLoader>("routes/$lang")?.viewer?.profile.userType;
  const shown = userType === undefined ? [] : LINKS.filter((link) => userTypeMay(userType, link.permission));
  if (shown.length === 0) return null;
  return (
    <p data-testid="backoffice-content-links">
      {shown.map((link, index) => (
        <span key={link.path}>
          {index > 0 ? " · " : null}
          <Link to={to(link.path)}>{t(`editors.nav.${link.key}`)}</Link>
        </span>
      ))}
    </p>
  );
}
