/**
 * Seed part "moderation" (ADR 030): the back office's demo accounts (team and backend, password
 * demo-pass-2026) and a few items waiting in the queue: new photos and changed status texts of some
 * generated escorts. Demo member accounts stay untouched (end-to-end tests read them). Chunk 0 only.
 */
import { MEDIA_STATUS } from "../../contract/media";
import { TEXT_REVIEW_STATUS } from "../../contract/moderation";
import { USER_TYPE } from "../../contract/users";
import { REGISTER_COMPLETED_STEP } from "../../contract/users";
import type { SeedPart } from "./part";
import { DEMO_ACCOUNTS } from "./people";
import { storedPhotoColumns } from "./stored-photo";

/** The back office's demo logins (README "demo accounts"). */
export const DEMO_STAFF_ACCOUNTS = [
  { username: "demo_team", email: "team@demo.velora.local", userType: USER_TYPE.team },
  { username: "demo_backend", email: "backend@demo.velora.local", userType: USER_TYPE.backend },
] as const;

/** Proposed status texts of the seeded queue (German, like the seeded profiles). */
const PROPOSED_STATUS = [
  "Neu diese Woche: auch spätabends erreichbar, schreib mir einfach.",
  "Ab Montag für ein paar Tage in Hamburg – Termine gern vorab.",
  "Zurück aus dem Urlaub und voller Energie!",
];

const HOUR = 60 * 60 * 1000;
/** How many generated escorts get a waiting photo and a waiting text. */
const QUEUED_PEOPLE = 3;

export const moderationPart: SeedPart = {
  name: "moderation",
  async write({ trx, people, idOf, now, photos, passwordHash }) {
    if (!people.some((p) => p.username === DEMO_ACCOUNTS[0]!.username)) return;
    await trx
      .insertInto("users")
      .values(
        DEMO_STAFF_ACCOUNTS.map((account) => ({
          username: account.username,
          username_key: account.username,
          email: account.email,
          email_key: account.email,
          password_hash: passwordHash,
          user_type: account.userType,
          language: "de",
          email_verified_at: now - 200 * 24 * HOUR,
          email_was_verified: 1,
          register_completed_step: REGISTER_COMPLETED_STEP,
          status: "active" as const,
          created_at: now - 200 * 24 * HOUR,
          updated_at: now - 200 * 24 * HOUR,
          demo_account: 1,
        })),
      )
      .execute();
    const demoNames = new Set(DEMO_ACCOUNTS.map((a) => a.username));
    const chosen = people
      .filter(
        (p) =>
          !demoNames.has(p.username) &&
          p.kind === "escort" &&
          p.status === "active" &&
          p.registerCompletedStep === REGISTER_COMPLETED_STEP &&
          p.profile.isVisible &&
          p.photos.length > 0,
      )
      .slice(0, QUEUED_PEOPLE);
    let media = 0;
    for (const [i, person] of chosen.entries()) {
      const last = person.photos[person.photos.length - 1]!;
      const stored = photos.of(person, last);
      // A new upload: the same picture again as a waiting photo (rows may share their files, ADR 018).
      await trx
        .insertInto("media")
        .values({
          user_id: idOf(person),
          visibility: "public",
          status: MEDIA_STATUS.pending,
          ...storedPhotoColumns(stored),
          position: Math.max(...person.photos.map((p) => p.position)) + 1,
          is_avatar: 0,
          created_at: now - (10 - i) * HOUR,
        })
        .execute();
      media += 1;
      await trx
        .insertInto("profile_text_changes")
        .values({
          user_id: idOf(person),
          field: "status",
          value: PROPOSED_STATUS[i % PROPOSED_STATUS.length]!,
          status: TEXT_REVIEW_STATUS.pending,
          created_at: now - (9 - i) * HOUR,
        })
        .execute();
    }
    return { media };
  },
};
