/**
 * The profile page's actions: ONE list that the page renders from (parts/ProfileActions.tsx). Each entry names
 * the places it appears in, per viewer: the owner's row, the guest's sign-up prompt, the member's contact row and
 * the member's actions block (relation row, note, the disclosures). A feature adds an action with one entry here;
 * its component gets ProfileActionProps and renders nothing when the action is not open to this viewer
 * (docs/decisions/066). The components come from the features (profile-actions, …), which import only the leaf
 * files tabs.ts, action-props.ts and form-parts, never this list: no import cycle.
 */
import type { ComponentType } from "react";
import type { ProfileDetail } from "~/api/profiles.server";
import { BlockForms } from "~/features/profile-actions/BlockForms";
import { FavoriteForms } from "~/features/profile-actions/FavoriteForms";
import { FriendForms } from "~/features/profile-actions/FriendForms";
import { NoteForms } from "~/features/profile-actions/NoteForms";
import { GuestReportLink, ReportForms } from "~/features/profile-actions/ReportForms";
import {
  DateRequestLink,
  EditProfileLink,
  GuestDateRequestLink,
  GuestFavoriteLink,
  GuestMessageLink,
  MessageLink,
} from "./parts/ContactActions";
import { offersTips, TipForm } from "~/features/tips/TipForm";
import type { ProfileActionProps } from "./action-props";

export type { ProfileActionProps };

/**
 * Where an action appears. owner: the owner's row; guest: the guest's sign-up row, guest_footer below it;
 * contact: a member's row under the status; relation, note, secondary: the member's actions block (the row, the
 * note, the disclosures).
 */
export type ProfileActionPlace = "owner" | "guest" | "guest_footer" | "contact" | "relation" | "note" | "secondary";

export const MEMBER_BLOCK_PLACES = ["relation", "note", "secondary"] as const satisfies readonly ProfileActionPlace[];

export interface ProfileActionEntry {
  key: string;
  places: Partial<Record<ProfileActionPlace, ComponentType<ProfileActionProps>>>;
  /** For the member's actions block: whether the API opened the action to this viewer (the block shows if any is). */
  offered?: (profile: ProfileDetail) => boolean;
}

/** In page order: each place renders its entries in this order. */
export const PROFILE_ACTIONS: readonly ProfileActionEntry[] = [
  { key: "edit", places: { owner: EditProfileLink } },
  { key: "message", places: { guest: GuestMessageLink, contact: MessageLink } },
  { key: "favorite", places: { guest: GuestFavoriteLink, relation: FavoriteForms }, offered: (p) => Boolean(p.relation.favorite) },
  { key: "date_request", places: { guest: GuestDateRequestLink, contact: DateRequestLink } },
  { key: "friend", places: { relation: FriendForms }, offered: (p) => Boolean(p.relation.friend) },
  { key: "note", places: { note: NoteForms }, offered: (p) => Boolean(p.relation.note) },
  { key: "tip", places: { note: TipForm }, offered: (p) => offersTips(p) },
  { key: "report", places: { guest_footer: GuestReportLink, secondary: ReportForms }, offered: (p) => p.relation.canReport },
  { key: "block", places: { secondary: BlockForms }, offered: (p) => p.relation.canBlock },
];

/** The entries of one place, in order. */
export function actionsAt(place: ProfileActionPlace): Array<{ key: string; Component: ComponentType<ProfileActionProps> }> {
  return PROFILE_ACTIONS.flatMap((entry) => {
    const Component = entry.places[place];
    return Component ? [{ key: entry.key, Component }] : [];
  });
}
