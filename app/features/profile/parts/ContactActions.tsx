/**
 * The profile's own actions (spec section 6): edit for the owner; message and date request for members, which
 * lead to the messenger's and the dates' pages; for guests the same words as sign-up links.
 */
import { DATE_RECEIVER_TYPES, DATE_SENDER_TYPES } from "#server/contract/dates";
import { USER_TYPE } from "#server/contract/users";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import type { ProfileActionProps } from "../action-props";
import { contactRefused } from "./ContactRule";
import { joinHref } from "./links";

export function EditProfileLink({ lang }: ProfileActionProps) {
  const { t } = useTranslation();
  return (
    <Link className={ui.buttonSecondary} to={localePath(lang, "user")}>
      {t("profile.actions.edit")}
    </Link>
  );
}

/** Offered only where a message can succeed: the contact rule (ContactRule) says why not and what instead. */
export function MessageLink({ profile, lang, contact }: ProfileActionProps) {
  const { t } = useTranslation();
  if (!profile.actions.canMessage || contactRefused(contact)) return null;
  return (
    <Link className={ui.button} to={localePath(lang, `messenger/${profile.username}`)} rel="nofollow">
      {t("profile.actions.message")}
    </Link>
  );
}

/** A client asks an escort or a business for a date (contract/dates); the request page checks the rest. */
export function DateRequestLink({ profile, lang, viewerType }: ProfileActionProps) {
  const { t } = useTranslation();
  if (viewerType === undefined || !DATE_SENDER_TYPES.includes(viewerType) || !DATE_RECEIVER_TYPES.includes(profile.userType)) return null;
  return (
    <Link
      className={ui.buttonSecondary}
      to={localePath(lang, `my_date/new/${profile.username}`)}
      rel="nofollow"
      data-testid="date-request-link"
    >
      {t("profile.actions.date_request")}
    </Link>
  );
}

/** A guest's version of an action: its label as a link to sign-up that returns here. */
function JoinLink({ lang, returnPath, label, primary }: ProfileActionProps & { label: string; primary?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link className={primary ? ui.button : ui.buttonSecondary} to={joinHref(lang, returnPath)} rel="nofollow">
      {t(label)}
    </Link>
  );
}

/** Sign up to write — not where the contact rules would refuse a new free client's first message (ADR 068). */
export const GuestMessageLink = (props: ProfileActionProps) =>
  contactRefused(props.contact) ? null : <JoinLink {...props} label="profile.actions.message" primary />;
/** The first choice where writing is not (ADR 068). */
export const GuestFavoriteLink = (props: ProfileActionProps) => (
  <JoinLink {...props} label="profile.actions.favorite" primary={contactRefused(props.contact)} />
);
export const GuestDateRequestLink = (props: ProfileActionProps) =>
  props.profile.userType === USER_TYPE.escort ? <JoinLink {...props} label="profile.actions.date_request" /> : null;
