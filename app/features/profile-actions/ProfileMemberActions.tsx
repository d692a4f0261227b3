/**
 * The block of what a signed-in member can do with someone's profile (issue 11 item 1): favorite, friend link,
 * private note, report and block, each a plain form. The forms themselves come from the profile page's action
 * registry (features/profile/actions.ts) as `relation`, `note` and `secondary`; this block lays them out and shows
 * the confirmation of the last one and the errors no form owns, where the member pressed the button.
 */
import { useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/Field";
import { allErrors } from "~/components/form/reply";
import * as ui from "~/styles/ui.css";
import type { ProfileActionFormProps } from "./form-parts";
import { PROFILE_ACTION_INTENTS } from "./friend-intents";
import * as css from "./profile-actions.css";

/** The anchor the action's answer returns to (actions.server.ts PROFILE_ACTIONS_ANCHOR). */
const ANCHOR = "profile-actions";

export function ProfileMemberActions({
  profile,
  refused,
  relation,
  note,
  secondary,
}: Pick<ProfileActionFormProps, "profile" | "refused"> & { relation: ReactNode; note: ReactNode; secondary: ReactNode }) {
  const { t } = useTranslation("relations");
  const [searchParams] = useSearchParams();
  const done = searchParams.get("done");
  const confirmation = done && !refused ? t(`relations.done.${done}`, { defaultValue: "", name: profile.displayName }) : "";
  // A refusal none of the forms below owns (no or an unknown intent).
  const stray = refused && !PROFILE_ACTION_INTENTS.includes(refused.intent ?? "") ? allErrors(refused) : [];
  return (
    <section id={ANCHOR} className={css.actions} aria-label={t("relations.actions_label", { name: profile.displayName })}>
      {confirmation ? (
        <p className={ui.notice} role="status" data-testid="profile-action-done">
          {confirmation}
        </p>
      ) : null}
      <FormErrors errors={stray} />
      <div className={ui.row}>{relation}</div>
      {note}
      <div className={css.secondary}>{secondary}</div>
    </section>
  );
}
