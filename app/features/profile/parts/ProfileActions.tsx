/**
 * The profile's actions, rendered from the action registry (actions.ts): the owner's row, the guest's sign-up
 * prompt (spec section 6), the verification prompt (ADR 024) or the member's contact row, then the member's
 * actions block.
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
        <div className={css.prompt} data-testid="guest-actions">
          <p>{t("profile.actions.guest_prompt", { name: profile.displayName })}</p>
          <div className={ui.row}>
            <Place place="guest" props={props} />
          </div>
          <Place place="guest_footer" props={props} />
        </div>
      ) : profile.actions.verifyEmailFirst ? (
        // Messaging and date requests wait for a verified address (ADR 024); the verification page leads back here.
        <div className={css.prompt} data-testid="verify-email-actions">
          <p>{t("profile.actions.verify_prompt", { name: profile.displayName })}</p>
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
        <div className={ui.row}>
          <Place place="contact" props={props} />
        </div>
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
