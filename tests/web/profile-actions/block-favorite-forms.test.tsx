/**
 * Refusals at the block and favorite forms of p/{username} (issue 11 item 1): the API's error keys are
 * translated from the default namespace with their numbers, never shown raw; a form shows only its own refusal.
 */
import { describe, expect, it } from "vitest";
import type { ProfileDetail } from "~/api/profiles.server";
import { BlockForms } from "~/features/profile-actions/BlockForms";
import { FavoriteForms } from "~/features/profile-actions/FavoriteForms";
import type { ProfileActionRefused } from "~/features/profile-actions/types";
import { renderOnProfilePage } from "./profile-page-markup";

const profile = {
  username: "lena",
  displayName: "Lena",
  relation: { favorite: { isFavorite: false }, friend: null, note: null, canReport: true, canBlock: true },
} as unknown as ProfileDetail;

const refused = (intent: string, key: string): ProfileActionRefused => ({
  intent,
  formErrors: [key],
  fieldErrors: {},
  input: { intent },
});

describe("block and favorite refusals", () => {
  it("translate the block limit with its number and open the disclosure", () => {
    const html = renderOnProfilePage(
      <BlockForms profile={profile} lang="de" tab="" refused={refused("block", "exception.block.limit_reached?max=500")} />,
    );
    expect(html).toContain("<details open");
    expect(html).toContain("500");
    expect(html).not.toContain("exception.");
  });

  it("translate the favorites limit, and leave the other form alone", () => {
    const answer = refused("favorite", "exception.favorites.limit_reached?max=1000");
    const html = renderOnProfilePage(<FavoriteForms profile={profile} lang="de" tab="" refused={answer} />);
    expect(html).toContain("1000");
    expect(html).not.toContain("exception.");
    expect(renderOnProfilePage(<BlockForms profile={profile} lang="de" tab="" refused={answer} />)).not.toContain('role="alert"');
  });
});
