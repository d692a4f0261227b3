/**
 * What a signed-in member can do with someone's profile (issue 11 item 1): favorite, friend link, private note,
 * report and block, each a plain form. Only the actions the API says are open are offered; the confirmation of the
 * last one and the errors of a refused one are shown here, where the member pressed the button.
 */
import { useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/Field";
import { allErrors } from "~/components/form/reply";
import * as ui from "~/styles/ui.css";
import { BlockForms } from "./BlockForms";
import { FavoriteForms } from "./FavoriteForms";
import type { ProfileActionFormProps } from "./form-parts";
import { PROFILE_ACTION_INTENTS } from "./friend-intents";
import { FriendForms } from "./FriendForms";
import { NoteForms } from "./NoteForms";
import { ReportForms } from "./ReportForms";
import * as css from "./profile-actions.css";

/** The anchor the action's answer returns to (actions.server.ts PROFILE_ACTIONS_ANCHOR). */
const ANCHOR = "profile-actions";

export function ProfileMemberActions(props: ProfileActionFormProps) {
  const { t } = useTranslation("relations");
  const [searchParams] = useSearchParams();
  const { relation } = props.profile;
  const done = searchParams.get("done");
  const confirmation = done && !props.refused ? t(`relations.done.${done}`, { defaultValue: "", name: props.profile.displayName }) : "";
  if (!relation.favorite && !relation.friend && !relation.note && !relation.canReport && !relation.canBlock) return null;
  // A refusal none of the forms below owns (no or an unknown intent).
  const stray = props.refused && !PROFILE_ACTION_INTENTS.includes(props.refused.intent ?? "") ? allErrors(props.refused) : [];
  return (
    <section id={ANCHOR} className={css.actions} aria-label={t("relations.actions_label", { name: props.profile.displayName })}>
      {confirmation ? (
        <p className={ui.notice} role="status" data-testid="profile-action-done">
          {confirmation}
        </p>
      ) : null}
      <FormErrors errors={stray} />
      <div className={ui.row}>
        <FavoriteForms {...props} />
        <FriendForms {...props} />
      </div>
      <NoteForms {...props} />
      <div className={css.secondary}>
        <ReportForms {...props} />
        <BlockForms {...props} />
      </div>
    </section>
  );
}
