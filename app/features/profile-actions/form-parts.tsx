/** What every profile action form shares: the post to p/{username} with its intent and the tab to return to. */
import type { ReactNode } from "react";
import type { Language } from "#server/contract/locales";
import type { ProfileDetail } from "~/api/profiles.server";
import type { ProfileTab } from "~/features/profile/tabs";
import { localePath } from "~/i18n/lang";
import type { ProfileActionRefused } from "./types";

export interface ProfileActionFormProps {
  profile: ProfileDetail;
  lang: Language;
  tab: ProfileTab;
  /** The last refused action of this page, whichever form it came from: each form shows only its own intents. */
  refused: ProfileActionRefused | null;
}

/** A plain form (no JavaScript needed) posting one intent to the profile's own route. */
export function ProfileActionForm({
  profile,
  lang,
  tab,
  intent,
  className,
  children,
}: {
  profile: ProfileDetail;
  lang: Language;
  tab: ProfileTab;
  intent: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form method="post" action={localePath(lang, `p/${profile.username}`)} className={className} data-intent={intent}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="tab" value={tab} />
      {children}
    </form>
  );
}

/** The refusal for one of these intents, or null. */
export function refusalFor(refused: ProfileActionRefused | null, intents: readonly string[]): ProfileActionRefused | null {
  return refused && intents.includes(refused.intent ?? "") ? refused : null;
}
