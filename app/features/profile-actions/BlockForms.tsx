/** Block from the profile (spec section 7 "block"), behind a disclosure: a block is drastic and says what it does first. */
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import * as css from "./profile-actions.css";
import { allErrors } from "~/components/form/reply";
import { ProfileActionForm, refusalFor, type ProfileActionFormProps } from "./form-parts";

export function BlockForms({ profile, lang, tab, refused }: ProfileActionFormProps) {
  const { t } = useTranslation("relations");
  // Error keys live in the default namespace (common), with their placeholders in the key (messageOf).
  const { t: tErrors } = useTranslation();
  if (!profile.relation.canBlock) return null;
  const mine = refusalFor(refused, ["block"]);
  return (
    <details open={mine !== null} data-testid="block-action">
      <summary className={css.disclosureSummary}>{t("relations.block.summary")}</summary>
      <ProfileActionForm profile={profile} lang={lang} tab={tab} intent="block" className={ui.stack}>
        <p className={ui.muted}>{t("relations.block.explain", { name: profile.displayName })}</p>
        {mine ? (
          <p className={ui.alert} role="alert">
            {allErrors(mine)
              .map((key) => translateMessage(tErrors, key))
              .join(" ")}
          </p>
        ) : null}
        <p>
          <button type="submit" className={ui.buttonSecondary}>
            {t("relations.block.submit", { name: profile.displayName })}
          </button>
        </p>
      </ProfileActionForm>
    </details>
  );
}
