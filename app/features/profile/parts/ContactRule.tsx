/**
 * The contact rule before anyone writes (issue 25 item 1, ADR 068): the contact outlook's message where a first
 * message cannot succeed (a new or hot escort, a full day of first contacts, …) or would wait in the recipient's
 * requests, and what the viewer can do instead. The API decides; this only says it.
 */
import { checkoutPath } from "#server/contract/checkout-path";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ContactOutlook } from "~/api/profiles.server";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import type { ProfileActionProps } from "../action-props";
import * as css from "../profile.css";
import { joinHref } from "./links";

/** A refusal the profile says in place of the message button (not the address check: the verify prompt says that). */
export function contactRefused(contact: ContactOutlook | null): contact is ContactOutlook & { messageKey: string } {
  return contact !== null && !contact.canSend && contact.rule !== "email_verification" && contact.messageKey !== null;
}

/** Buying plus (the checkout): for a guest through sign-up, which returns there. */
function plusHref({ lang, viewerType }: Pick<ProfileActionProps, "lang" | "viewerType">): string {
  const buy = checkoutPath(lang, "membership");
  return viewerType === undefined ? joinHref(lang, buy) : buy;
}

/** The rule and, for a member, what instead (a guest's prompt below names the alternatives as sign-up links). */
export function ContactRule(props: ProfileActionProps) {
  const { t, i18n } = useTranslation();
  const { contact, profile, viewerType } = props;
  const name = profile.displayName;
  if (contactRefused(contact)) {
    const member = viewerType !== undefined;
    const instead = contact.alternatives.includes("date_request") ? "profile.contact.instead_date" : "profile.contact.instead_favorite";
    return (
      <div className={css.contactRule} data-testid="contact-rule" data-rule={contact.rule}>
        <p className={css.contactRuleText}>{translateMessage(t, contact.messageKey, { name }, i18n.language)}</p>
        {member && contact.alternatives.includes("favorite") ? <p>{t(instead, { name })}</p> : null}
        {contact.alternatives.includes("plus") ? (
          <p>
            <Link className={ui.buttonSecondary} to={plusHref(props)} rel="nofollow" data-testid="contact-rule-plus">
              {t("profile.contact.plus")}
            </Link>
          </p>
        ) : null}
      </div>
    );
  }
  if (contact?.toRequests && contact.messageKey) {
    return (
      <p className={ui.muted} data-testid="contact-rule" data-rule={contact.rule}>
        {translateMessage(t, contact.messageKey, { name }, i18n.language)}
      </p>
    );
  }
  return null;
}
