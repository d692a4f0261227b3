/**
 * The friend forms of the profile page (issue 11 item 3, ADR 037): what the link's state allows, each a plain form.
 * The link's id and the viewer's key ride in hidden fields; the API checks both against the signed-in member.
 */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { localePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import { allErrors } from "~/components/form/reply";
import { ProfileActionForm, refusalFor, type ProfileActionFormProps } from "./form-parts";
import * as css from "./friend-forms.css";
import { FRIEND_INTENTS } from "./friend-intents";

export function FriendForms({ profile, lang, tab, refused }: ProfileActionFormProps) {
  const { t } = useTranslation("friends");
  // Error keys (exception.*, validation.*) live in the default namespace.
  const { t: tErrors } = useTranslation();
  const friend = profile.relation.friend;
  if (!friend) return null;
  const mine = refusalFor(refused, FRIEND_INTENTS);
  const name = profile.displayName;
  const form = { profile, lang, tab };
  const linkId = friend.linkId !== null ? <input type="hidden" name="link_id" value={friend.linkId} /> : null;
  return (
    <div className={css.friend} data-testid="friend-action" data-state={friend.state}>
      {mine ? (
        <p className={ui.alert} role="alert">
          {allErrors(mine)
            .map((key) => translateMessage(tErrors, key))
            .join(" ")}
        </p>
      ) : null}
      {friend.state === "none" && friend.canRequest ? (
        <ProfileActionForm {...form} intent="friend_request">
          <button type="submit" className={ui.buttonSecondary}>
            {t("friends.profile.request")}
          </button>
        </ProfileActionForm>
      ) : null}
      {friend.state === "none" && !friend.canRequest ? (
        <p className={ui.muted} data-reason={friend.requestBlockedReason ?? undefined}>
          {friend.requestBlockedReason === "own_profile_hidden"
            ? t("friends.profile.own_profile_hidden", { name })
            : t("friends.profile.cool_down", { name })}
        </p>
      ) : null}
      {friend.state === "request_sent" ? (
        <>
          <p className={css.status}>{t("friends.profile.sent", { name })}</p>
          <ProfileActionForm {...form} intent="friend_cancel">
            {linkId}
            <input type="hidden" name="key" value={friend.denyKey ?? ""} />
            <button type="submit" className={ui.buttonSecondary}>
              {t("friends.profile.cancel")}
            </button>
          </ProfileActionForm>
        </>
      ) : null}
      {friend.state === "request_received" ? (
        <>
          <p className={css.status}>{t("friends.profile.received", { name })}</p>
          <div className={ui.row}>
            <ProfileActionForm {...form} intent="friend_accept">
              {linkId}
              <input type="hidden" name="key" value={friend.acceptKey ?? ""} />
              <button type="submit" className={ui.button}>
                {t("friends.profile.accept")}
              </button>
            </ProfileActionForm>
            <ProfileActionForm {...form} intent="friend_reject">
              {linkId}
              <input type="hidden" name="key" value={friend.denyKey ?? ""} />
              <button type="submit" className={ui.buttonSecondary}>
                {t("friends.profile.reject")}
              </button>
            </ProfileActionForm>
          </div>
        </>
      ) : null}
      {friend.state === "friends" ? (
        <>
          <p className={css.status}>{t("friends.profile.friends", { name })}</p>
          <ProfileActionForm {...form} intent="friend_unfriend">
            {linkId}
            <button type="submit" className={ui.buttonSecondary}>
              {t("friends.profile.unfriend")}
            </button>
          </ProfileActionForm>
        </>
      ) : null}
      {friend.state !== "none" ? (
        <Link to={localePath(lang, "user/friends")} className={css.listLink}>
          {t("friends.profile.list_link")}
        </Link>
      ) : null}
    </div>
  );
}
