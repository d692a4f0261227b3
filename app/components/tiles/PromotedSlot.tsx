/**
 * The promoted slot (ADR 090): running promotion profiles above a city's directory page and the search's first page,
 * honestly marked as an ad ("Anzeige"). Each card is one link to the profile: the chosen photo, name, place and the
 * member's headline. Nothing when no promotion runs here.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PromotedProfile } from "#server/contract/promotion";
import type { Camelize } from "~/api/camelize";
import { Picture } from "~/components/Picture";
import { useLocalePath } from "~/i18n/lang";
import * as css from "./promoted.css";

export type PromotedCard = Camelize<PromotedProfile>;

export function PromotedSlot({ profiles }: { profiles: readonly PromotedCard[] }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  if (profiles.length === 0) return null;
  return (
    <section className={css.slot} aria-labelledby="promoted-label" data-testid="promoted-slot">
      <p className={css.head}>
        <span className={css.label} id="promoted-label">
          {t("tile.promoted")}
        </span>
        <span className={css.line}>{t("tile.promoted_hint")}</span>
      </p>
      <ul className={css.list}>
        {profiles.map((profile) => (
          <li key={profile.promotionId}>
            <Link className={css.card} to={to(`p/${profile.username}`)} data-testid="promoted-card" data-username={profile.username}>
              <span className={css.photo}>
                {profile.photo ? (
                  <Picture image={profile.photo} className={css.image} alt="" sizes="72px" width={72} height={96} />
                ) : (
                  <span className={css.initial} aria-hidden="true">
                    {profile.displayName.slice(0, 1)}
                  </span>
                )}
              </span>
              <span className={css.body}>
                <span className={css.name}>{profile.displayName}</span>
                {profile.cityName ? <span className={css.line}>{profile.cityName}</span> : null}
                <span className={css.text}>{profile.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
