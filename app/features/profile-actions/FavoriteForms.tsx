/** The favorite forms of the profile page (issue 11): one button that keeps the profile or stops keeping it. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { allErrors } from "~/components/form/reply";
import { ProfileActionForm, refusalFor, type ProfileActionFormProps } from "./form-parts";

export function FavoriteForms({ profile, lang, tab, refused }: ProfileActionFormProps) {
  const { t } = useTranslation("favorites");
  const { t: tErrors } = useTranslation();
  const to = useLocalePath();
  const favorite = profile.relation.favorite;
  if (!favorite) return null;
  const mine = refusalFor(refused, ["favorite", "unfavorite"]);
  const intent = favorite.isFavorite ? "unfavorite" : "favorite";
  return (
    <ProfileActionForm profile={profile} lang={lang} tab={tab} intent={intent} className={ui.stack}>
      {mine ? (
        <p className={ui.alert} role="alert">
          {allErrors(mine)
            .map((key) => translateMessage(tErrors, key))
            .join(" ")}
        </p>
      ) : null}
      <p className={ui.row}>
        <button
          type="submit"
          className={favorite.isFavorite ? ui.buttonSecondary : ui.button}
          aria-pressed={favorite.isFavorite}
          data-testid="favorite-button"
        >
          {favorite.isFavorite ? t("favorites.profile.remove") : t("favorites.profile.add")}
        </button>
        {favorite.isFavorite ? (
          <Link className={ui.linkButton} to={to("favorite")}>
            {t("favorites.profile.list_link")}
          </Link>
        ) : null}
      </p>
    </ProfileActionForm>
  );
}
