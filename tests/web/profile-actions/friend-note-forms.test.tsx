/**
 * The friend and note forms on p/{username} (issue 11 items 3, 4; ADR 037): each state offers exactly its forms,
 * a key appears only where the viewer holds it, a refusal shows at its own forms with its numbers, and a member
 * without plus gets the upgrade prompt instead of a note form. The e2e test walks the same forms in a browser.
 */
import { describe, expect, it } from "vitest";
import type { ProfileDetail } from "~/api/profiles.server";
import { FriendForms } from "~/features/profile-actions/FriendForms";
import { NoteForms } from "~/features/profile-actions/NoteForms";
import type { ProfileActionRefused } from "~/features/profile-actions/types";
import { renderOnProfilePage } from "./profile-page-markup";

const ACCEPT = "A".repeat(43);
const DENY = "D".repeat(43);

type Relation = ProfileDetail["relation"];

function profileWith(relation: Partial<Relation>): ProfileDetail {
  const full: Relation = { favorite: null, friend: null, note: null, canReport: true, canBlock: true, ...relation };
  return { username: "lena", displayName: "Lena", relation: full } as unknown as ProfileDetail;
}

const friend = (state: NonNullable<Relation["friend"]>["state"], rest: Partial<NonNullable<Relation["friend"]>> = {}) => ({
  state,
  linkId: state === "none" ? null : 7,
  acceptKey: null,
  denyKey: null,
  canRequest: state === "none",
  requestBlockedReason: null,
  ...rest,
});

const intents = (html: string) => [...html.matchAll(/name="intent" value="([a-z_]+)"/g)].map((m) => m[1]);

describe("FriendForms", () => {
  it("offers exactly the forms of each state, with the keys the viewer holds and no other", () => {
    const none = renderOnProfilePage(<FriendForms profile={profileWith({ friend: friend("none") })} lang="de" tab="" refused={null} />);
    expect(intents(none)).toEqual(["friend_request"]);
    expect(none).toContain('action="/de/p/lena"');
    expect(none).toContain("Freundschaftsanfrage senden");

    const sent = renderOnProfilePage(
      <FriendForms profile={profileWith({ friend: friend("request_sent", { denyKey: DENY }) })} lang="de" tab="" refused={null} />,
    );
    expect(intents(sent)).toEqual(["friend_cancel"]);
    expect(sent).toContain(`value="${DENY}"`);
    expect(sent).toContain("Deine Anfrage an Lena ist unterwegs.");

    const received = renderOnProfilePage(
      <FriendForms
        profile={profileWith({ friend: friend("request_received", { acceptKey: ACCEPT, denyKey: DENY }) })}
        lang="de"
        tab="reviews"
        refused={null}
      />,
    );
    expect(intents(received)).toEqual(["friend_accept", "friend_reject"]);
    // The accept key goes with accept, the deny key with reject; the tab rides along.
    expect(received).toMatch(new RegExp(`value="friend_accept".*?name="key" value="${ACCEPT}"`));
    expect(received).toMatch(new RegExp(`value="friend_reject".*?name="key" value="${DENY}"`));
    expect(received).toContain('name="tab" value="reviews"');

    const friends = renderOnProfilePage(
      <FriendForms profile={profileWith({ friend: friend("friends") })} lang="de" tab="" refused={null} />,
    );
    expect(intents(friends)).toEqual(["friend_unfriend"]);
    expect(friends).toContain('name="link_id" value="7"');
    expect(friends).not.toContain('name="key"');
    expect(friends).toContain('href="/de/user/friends"');

    const coolDown = renderOnProfilePage(
      <FriendForms
        profile={profileWith({ friend: friend("none", { canRequest: false, requestBlockedReason: "cool_down" }) })}
        lang="de"
        tab=""
        refused={null}
      />,
    );
    expect(intents(coolDown)).toEqual([]);
    expect(coolDown).toContain("Du kannst Lena erst später wieder anfragen.");

    // The viewer's own profile paused or unfinished: no cool-down, say what it is.
    const hidden = renderOnProfilePage(
      <FriendForms
        profile={profileWith({ friend: friend("none", { canRequest: false, requestBlockedReason: "own_profile_hidden" }) })}
        lang="de"
        tab=""
        refused={null}
      />,
    );
    expect(intents(hidden)).toEqual([]);
    expect(hidden).not.toContain("erst später");
    expect(hidden).toContain(
      "Solange dein eigenes Profil pausiert, unvollständig oder nicht sichtbar ist, kannst du Lena keine Freundschaftsanfrage senden.",
    );

    expect(renderOnProfilePage(<FriendForms profile={profileWith({})} lang="de" tab="" refused={null} />)).toBe("");
  });

  it("shows its own refusals with their numbers, and nobody else's", () => {
    const refused: ProfileActionRefused = {
      intent: "friend_request",
      formErrors: ["exception.friends.open_limit?max=50"],
      fieldErrors: {},
      input: { intent: "friend_request" },
    };
    const html = renderOnProfilePage(<FriendForms profile={profileWith({ friend: friend("none") })} lang="de" tab="" refused={refused} />);
    expect(html).toContain("Du hast schon 50 offene Anfragen.");
    const other = renderOnProfilePage(
      <FriendForms profile={profileWith({ friend: friend("none") })} lang="de" tab="" refused={{ ...refused, intent: "block" }} />,
    );
    expect(other).not.toContain('role="alert"');
  });
});

describe("NoteForms", () => {
  it("lets a plus member write, change and delete; keeps refused input at the field", () => {
    const empty = renderOnProfilePage(
      <NoteForms profile={profileWith({ note: { text: null, canWrite: true } })} lang="de" tab="" refused={null} />,
    );
    expect(intents(empty)).toEqual(["note_save"]);
    expect(empty).toContain("Notiz speichern");
    expect(empty).not.toContain("<details open");

    const written = renderOnProfilePage(
      <NoteForms profile={profileWith({ note: { text: "Sehr nett", canWrite: true } })} lang="de" tab="" refused={null} />,
    );
    expect(intents(written)).toEqual(["note_save", "note_delete"]);
    expect(written).toContain("Sehr nett</textarea>");
    expect(written).toContain("Nur du siehst diese Notiz, Lena nicht.");

    const refused: ProfileActionRefused = {
      intent: "note_save",
      formErrors: [],
      fieldErrors: { text: ["validation.notes.too_long?max=1000"] },
      input: { intent: "note_save", text: "zu lang" },
    };
    const again = renderOnProfilePage(
      <NoteForms profile={profileWith({ note: { text: "Sehr nett", canWrite: true } })} lang="de" tab="" refused={refused} />,
    );
    expect(again).toContain("zu lang</textarea>");
    expect(again).toContain("Höchstens 1000 Zeichen.");
  });

  it("shows a former plus member their note to read and delete, and others the upgrade prompt", () => {
    const lapsed = renderOnProfilePage(
      <NoteForms profile={profileWith({ note: { text: "Alt", canWrite: false } })} lang="de" tab="" refused={null} />,
    );
    expect(intents(lapsed)).toEqual(["note_delete"]);
    expect(lapsed).not.toContain("<textarea");
    expect(lapsed).toContain("Alt</p>");
    const basic = renderOnProfilePage(
      <NoteForms profile={profileWith({ note: { text: null, canWrite: false } })} lang="de" tab="" refused={null} />,
    );
    expect(intents(basic)).toEqual([]);
    expect(basic).toContain("Private Notizen zu Profilen gibt es mit Plus.");
    expect(basic).toContain('href="/de/buy?goods=membership"');
    expect(renderOnProfilePage(<NoteForms profile={profileWith({})} lang="de" tab="" refused={null} />)).toBe("");
  });
});
