/**
 * The tip forms (issue 27 item 3, ADR 082): the profile's (amount buttons and a custom amount, `data-intent="tip"`
 * like every profile action, ADR 066) and a photo's in its larger view (the buttons). Both post to the profile; its
 * action checks the amount with the API and leads to the confirmation page. With JavaScript the tip script
 * (public/scripts/tips.js) takes the post over: an undo window, then the tip, its pending state and the answer.
 */
import { useTranslation } from "react-i18next";
import { TIP_FORM } from "#server/contract/tips";
import { USER_TYPE } from "#server/contract/users";
import { TIP_DELAY_MS, TIP_POLL_MS, TOKEN_PENDING_COUNTDOWN_MS } from "#server/contract/wallet";
import type { Language } from "#server/contract/locales";
import { isStaffUserType } from "#server/contract/moderation";
import type { ProfileDetail } from "~/api/profiles.server";
import { Field } from "~/components/Field";
import { inputText } from "~/components/form/reply";
import type { ProfileActionProps } from "~/features/profile/action-props";
import { ProfileActionForm, refusalFor } from "~/features/profile-actions/form-parts";
import { translateMessage } from "~/i18n/translate";
import { localePath } from "~/i18n/lang";
import { usePriceText } from "~/utils/money";
import * as ui from "~/styles/ui.css";
import { SECONDS } from "./tip-script";
import * as css from "./tips.css";

/** The tip script, a plain file (ADR 065): app/scripts/tips.ts. */
export const TIP_SCRIPT = "/scripts/tips.js";
/** The intent of the tip forms (tip.server.ts TIP_ACTIONS). */
export const TIP_INTENT = "tip";

/** Escorts and businesses receive tips; not on one's own profile, not from the back office. */
export function offersTips(profile: Pick<ProfileDetail, "isOwner" | "userType">, viewerType?: number): boolean {
  const receives = profile.userType === USER_TYPE.escort || profile.userType === USER_TYPE.business;
  return receives && !profile.isOwner && !(viewerType !== undefined && isStaffUserType(viewerType));
}

/** What the script needs, as data attributes: where to post and ask, its timings and its sentences. */
function useScriptAttributes(lang: Language): Record<string, string | number> {
  const { t } = useTranslation("tips");
  return {
    "data-tip-form": "",
    "data-post": localePath(lang, "tip/live"),
    "data-delay": TIP_DELAY_MS,
    "data-poll": TIP_POLL_MS,
    "data-countdown": TOKEN_PENDING_COUNTDOWN_MS,
    "data-text-waiting": t("tips.script.waiting"),
    "data-text-undo": t("tips.script.undo"),
    "data-text-cancelled": t("tips.script.cancelled"),
    "data-text-pending": t("tips.script.pending", { seconds: SECONDS }),
    "data-text-timeout": t("tips.script.timeout"),
    "data-text-buy": t("tips.result.buy"),
  };
}

/** The amount buttons: each sends its amount (on a photo's dark view, light and in one wrapping row). */
function AmountButtons({ onPhoto = false }: { onPhoto?: boolean }) {
  const price = usePriceText();
  return (
    <div className={onPhoto ? css.mediaAmounts : css.amounts}>
      {TIP_FORM.amounts.map((amount) => (
        <button
          key={amount}
          type="submit"
          name="amount"
          value={String(amount)}
          className={onPhoto ? css.mediaAmountButton : css.amountButton}
          data-testid={`tip-amount-${amount}`}
        >
          {price({ currency: "dollar", amount })}
        </button>
      ))}
    </div>
  );
}

/** The script's line: hidden until it has something to say (the undo button, the countdown, the answer). */
const ScriptStatus = () => <div className={css.status} data-tip-status="" role="status" aria-live="polite" hidden />;

/** The profile's tip form, in the member's actions block. */
export function TipForm({ profile, lang, tab, refused, viewerType }: ProfileActionProps) {
  const { t } = useTranslation("tips");
  const { t: tErrors, i18n } = useTranslation();
  const script = useScriptAttributes(lang);
  if (!offersTips(profile, viewerType)) return null;
  const mine = refusalFor(refused, [TIP_INTENT]);
  // The custom amount's errors at its field; any other (the receiver, the API's) above the form.
  const { custom_amount: customErrors = [], ...others } = mine?.fieldErrors ?? {};
  const general = mine
    ? [...mine.formErrors, ...Object.values(others).flat()].map((key) => translateMessage(tErrors, key, undefined, i18n.language))
    : [];
  return (
    <section className={`${ui.card} ${css.section}`} aria-labelledby="tip-heading" data-testid="tip-section">
      <h2 id="tip-heading" className={css.heading}>
        {t("tips.form.title")}
      </h2>
      <p className={ui.muted}>{t("tips.form.hint", { name: profile.displayName, limit: TIP_FORM.limit })}</p>
      {general.length > 0 ? (
        <p className={ui.alert} role="alert">
          {general.join(" ")}
        </p>
      ) : null}
      <ProfileActionForm profile={profile} lang={lang} tab={tab} intent={TIP_INTENT} className={css.section}>
        <div {...script} hidden />
        <input type="hidden" name="target" value="profile" />
        <input type="hidden" name="receiver" value={String(profile.id)} />
        <button type="submit" name="amount" value="custom" className={css.defaultButton} tabIndex={-1} aria-hidden="true" />
        <AmountButtons />
        <div className={css.custom}>
          <div className={css.customField}>
            <Field
              name="custom_amount"
              id="tip-custom-amount"
              label={t("tips.form.custom_label")}
              hint={t("tips.form.custom_hint", { min: TIP_FORM.min })}
              inputMode="numeric"
              autoComplete="off"
              defaultValue={mine ? inputText(mine, "custom_amount") : ""}
              errors={customErrors}
            />
          </div>
          <button type="submit" name="amount" value="custom" className={ui.button} data-testid="tip-custom-submit">
            {t("tips.form.custom_submit")}
          </button>
        </div>
        <ScriptStatus />
      </ProfileActionForm>
      <script src={TIP_SCRIPT} defer />
    </section>
  );
}

/** A photo's tip form in its larger view: the amount buttons, to the same confirmation. */
export function MediaTipForm({ lang, username, mediumId }: { lang: Language; username: string; mediumId: number }) {
  const { t } = useTranslation("tips");
  const script = useScriptAttributes(lang);
  return (
    <form
      method="post"
      action={localePath(lang, `p/${username}`)}
      className={css.mediaTip}
      data-intent={TIP_INTENT}
      data-testid="media-tip-form"
    >
      <div {...script} hidden />
      <input type="hidden" name="intent" value={TIP_INTENT} />
      <input type="hidden" name="target" value="medium" />
      <input type="hidden" name="receiver" value={String(mediumId)} />
      <span>{t("tips.form.media_label")}</span>
      <AmountButtons onPhoto />
      <ScriptStatus />
    </form>
  );
}
