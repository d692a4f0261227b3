import type { ContactOutlook } from "~/api/profiles.server";
import type { ProfileActionFormProps } from "~/features/profile-actions/form-parts";

/**
 * What every profile action's component gets (actions.ts): the profile, the tab it is on, the page's last refusal
 * and the viewer. A leaf, so the actions' components can import it without a cycle through the registry.
 */
export interface ProfileActionProps extends ProfileActionFormProps {
  /** The signed-in viewer's user type (undefined for guests). */
  viewerType: number | undefined;
  /** The page the viewer is on, to come back to after sign-up or verification. */
  returnPath: string;
  /** May the viewer write, which contact rule applies, what instead (ADR 068); null when unknown (then the form shows). */
  contact: ContactOutlook | null;
}
