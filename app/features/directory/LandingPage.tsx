/** An SEO landing page: heading, description, the city's directory listing (escorts) and the sign-up link. */
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ProfileTiles } from "~/components/directory/ProfileTiles";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import type { loadLandingPage } from "./landing.server";

export function LandingPage() {
  const page = useLoaderData<typeof loadLandingPage>();
  const { t } = useTranslation();
  return (
    <main className={ui.page}>
      <h1>{page.heading}</h1>
      <p>{page.description}</p>
      {page.intro.map((paragraph, index) => (
        <p key={index} style={{ whiteSpace: "pre-line" }} data-testid="landing-intro">
          {paragraph}
        </p>
      ))}
      {page.listing ? <ProfileTiles profiles={page.listing.profiles} /> : null}
      <div className={ui.row}>
        {page.directoryHref ? (
          <Link className={ui.buttonSecondary} to={page.directoryHref}>
            {t("seo.landing.more")}
          </Link>
        ) : null}
        <Link
          className={ui.button}
          to={localePath(page.lang, `join/user/${page.userType}/lp/${encodeURIComponent(page.shortUrl)}`)}
          rel="nofollow"
        >
          {t(page.userType === "client" ? "seo.landing.join_client" : "seo.landing.join_escort")}
        </Link>
      </div>
    </main>
  );
}
