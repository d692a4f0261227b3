import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Language } from "#server/contract/locales";
import type { DirectoryTile } from "~/api/seo.server";
import { Picture } from "~/components/Picture";
import { localePath } from "~/i18n/lang";
import * as css from "./directory.css";

/** Profile tiles of directory and landing pages: plain links, images sized up front. */
export function ProfileTiles({ profiles, lang }: { profiles: DirectoryTile[]; lang: Language }) {
  const { t } = useTranslation();
  return (
    <ul className={css.tiles}>
      {profiles.map((p, i) => (
        <li key={p.id}>
          <Link className={css.tile} to={localePath(lang, `p/${p.username}`)}>
            {p.avatar ? (
              <Picture
                image={p.avatar}
                className={css.tileImage}
                alt=""
                sizes="(min-width: 1152px) 270px, (min-width: 768px) 25vw, 50vw"
                width={240}
                height={320}
                loading={i < 4 ? "eager" : "lazy"}
                priority={i < 2}
              />
            ) : (
              <span className={css.tilePlaceholder} aria-hidden="true">
                {p.displayName.slice(0, 1)}
              </span>
            )}
            <p className={css.tileName}>
              {p.displayName}
              {p.age !== null ? `, ${p.age}` : ""}
            </p>
            {p.cityName ? <p style={{ margin: 0 }}>{p.cityName}</p> : null}
            {p.isMember ? <p style={{ margin: 0 }}>{t("profile.badges.plus")}</p> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
