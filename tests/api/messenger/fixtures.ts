/** Shared setup of the messenger's API tests: a runtime whose media land in a directory of its own, plus members. */
import { rm } from "node:fs/promises";
import { USER_TYPE } from "#server/contract/users";
import {
  addBerlinProfile,
  createTestRuntime,
  createUser,
  login,
  storeMediaInTemporaryDir,
  type TestRuntime,
  type TestRuntimeOptions,
} from "../../helpers/runtime";

const DAY = 24 * 60 * 60 * 1000;

/** A test runtime with its media and upload directories in a fresh temporary directory (photos are written there). */
export async function createMessengerRuntime(options: TestRuntimeOptions = {}): Promise<{ rt: TestRuntime; close: () => Promise<void> }> {
  const rt = await createTestRuntime(options);
  const dir = storeMediaInTemporaryDir(rt, "messenger-test-");
  return {
    rt,
    close: async () => {
      await rt.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A signed-in member with a listed profile in Berlin, registered a year ago unless told (a younger escort is "new"),
 * plus when asked; a business is an agency.
 */
export async function listedMember(rt: TestRuntime, userType: number, options: { plus?: boolean; createdDaysAgo?: number } = {}) {
  const user = await createUser(rt, { userType });
  await addBerlinProfile(rt, user.id, user.username);
  const now = rt.clock.now();
  await rt.deps.db
    .updateTable("users")
    .set({
      created_at: now - (options.createdDaysAgo ?? 365) * DAY,
      ...(options.plus ? { is_member: 1, member_until: now + 30 * DAY } : {}),
      ...(userType === USER_TYPE.business ? { business_kind: "agency" } : {}),
    })
    .where("id", "=", user.id)
    .execute();
  return { ...user, token: String((await login(rt, user.username, user.password)).body.access_token) };
}

/** A signed-in plus member with a listed profile, registered a year ago (no contact rule but the overall limit applies). */
export async function plusMember(rt: TestRuntime, userType: number) {
  const user = await createUser(rt, { userType });
  await addBerlinProfile(rt, user.id, user.username);
  await rt.deps.db
    .updateTable("users")
    .set({ created_at: rt.clock.now() - 365 * DAY, is_member: 1, member_until: rt.clock.now() + 30 * DAY })
    .where("id", "=", user.id)
    .execute();
  return { ...user, token: String((await login(rt, user.username, user.password)).body.access_token) };
}
