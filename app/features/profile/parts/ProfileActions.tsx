/**
 * The profile's actions, rendered from the action registry (actions.ts): the owner's row, the guest's sign-up
 * prompt (spec section 6) with a login that returns here, the verification prompt (ADR 024) or the member's contact
 * row — each after the contact rule that applies (ADR 068) — then the member's actions block.
 */
import { Link, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { emailVerificationPath } from "#server/contract/email-verification";
import { USER_TYPE } from "#server/contract/users";
import { ProfileMemberActions } from "~/features/profile-actions/ProfileMemberActions";
import { localePath } from "~/i18n/lang";
import type { loader as layoutLoader } from "~/routes/$lang";
import * as ui from "~/styles/ui.css";
import { withReturnPath } from "~/utils/return-path";
import { actionsAt, PROFILE_ACTIONS, type ProfileActionPlace, type ProfileActionProps } from "../actions";
import * as css from "../profile.css";
import { ContactRule, contactRefused } from "./ContactRule";

/** The guest's prompt: writing is named only where a new free client may write (ADR 068). */
function guestPromptKey({ contact }: ProfileActionProps): string {
  if (!contactRefused(contact)) return "profile.actions.guest_prompt";
  return contact.alternatives.includes("date_request") ? "profile.actions.guest_prompt_instead" : "profile.actions.guest_prompt_favorite";
}

function Place({ place, props }: { place: ProfileActionPlace; props: ProfileActionProps }) {
  return (
    <>
      {actionsAt(place).map(({ key, Component }) => (
        <Component key={key} {...props} />
      ))}
    </>
  );
}

export function ProfileActions({ signedIn, ...base }: Omit<ProfileActionProps, "viewerType"> & { signedIn: boolean }) {
  const { t } = useTranslation();
  const viewerType = useRouteLoaderData<typeof layoutLoader>("routes/$lang")?.viewer?.profile.userType;
  const props: ProfileActionProps = { ...base, viewerType };
  const { profile, lang, returnPath } = props;
  return (
    <>
      {profile.isOwner ? (
        <p>
          <Place place="owner" props={props} />
        </p>
      ) : !signedIn ? (
        // The sign-up prompt promises only what the contact rules will allow a new free client (ADR 068).
        <div className={css.prompt} data-testid="guest-actions">
          <ContactRule {...props} />
          <p>{t(guestPromptKey(props), { name: profile.displayName })}</p>
          <div className={ui.row}>
            <Place place="guest" props={props} />
          </div>
          <p className={ui.muted}>
            {t("profile.actions.have_account")}{" "}
            <Link
              className={ui.linkButton}
              to={withReturnPath(localePath(lang, "login"), returnPath)}
              rel="nofollow"
              data-testid="guest-login"
            >
              {t("profile.actions.login")}
            </Link>
          </p>
          <Place place="guest_footer" props={props} />
        </div>
      ) : profile.actions.verifyEmailFirst ? (
        // Messaging and date requests wait for a verified address (ADR 024); the verification page leads back here.
        // A contact rule that verifying will not lift is said first.
        <div className={css.prompt} data-testid="verify-email-actions">
          <ContactRule {...props} />
          <p>
            {t(contactRefused(props.contact) ? "profile.actions.verify_prompt_no_message" : "profile.actions.verify_prompt", {
              name: profile.displayName,
            })}
          </p>
          <div className={ui.row}>
            <Link
              className={ui.button}
              to={withReturnPath(localePath(lang, emailVerificationPath(viewerType ?? USER_TYPE.client)), returnPath)}
              rel="nofollow"
            >
              {t("profile.actions.verify_email")}
            </Link>
          </div>
        </div>
      ) : (
        <>
          <ContactRule {...props} />
          <div className={ui.row}>
            <Place place="contact" props={props} />
          </div>
        </>
      )}
      {signedIn && PROFILE_ACTIONS.some((entry) => entry.offered?.(profile)) ? (
        <ProfileMemberActions
          profile={profile}
          refused={props.refused}
          relation={<Place place="relation" props={props} />}
          note={<Place place="note" props={props} />}
          secondary={<Place place="secondary" props={props} />}
        />
      ) : null}
    </>
  );
}
