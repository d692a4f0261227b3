/**
 * Moderation in tests (ADR 030): new photos and changed profile texts wait for a team member. A test that
 * needs them public accepts them the way the back office does, through the moderation service, as a team
 * account of the test's runtime.
 */
import { MEDIA_STATUS } from "#server/contract/media";
import { TEXT_REVIEW_STATUS } from "#server/contract/moderation";
import { USER_TYPE } from "#server/contract/users";
import { decideMedia, decideText } from "#server/modules/moderation/service";
import { createUser, type TestRuntime } from "./runtime";

const teams = new WeakMap<TestRuntime, number>();

/** The runtime's team account (created once). */
export async function teamMemberOf(rt: TestRuntime): Promise<number> {
  let id = teams.get(rt);
  if (id === undefined) {
    id = (await createUser(rt, { userType: USER_TYPE.team })).id;
    teams.set(rt, id);
  }
  return id;
}

/** Accepts every photo and text of `userId` that waits for moderation; answers how many. */
export async function acceptAllPending(rt: TestRuntime, userId: number): Promise<number> {
  const team = await teamMemberOf(rt);
  const photos = await rt.deps.db
    .selectFrom("media")
    .select("id")
    .where("user_id", "=", userId)
    .where("status", "=", MEDIA_STATUS.pending)
    .execute();
  const texts = await rt.deps.db
    .selectFrom("profile_text_changes")
    .select("id")
    .where("user_id", "=", userId)
    .where("status", "=", TEXT_REVIEW_STATUS.pending)
    .execute();
  for (const { id } of photos) await decideMedia(rt.deps, team, id, null);
  for (const { id } of texts) await decideText(rt.deps, team, id, null);
  return photos.length + texts.length;
}
