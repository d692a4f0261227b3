/**
 * What the review tests share: members with a Berlin profile signed in from their own address, a JSON call to the
 * API, and a review body with every criterion of the reviewed party.
 */
import { REVIEW_CRITERIA, type ReviewedParty } from "#server/contract/reviews";
import { USER_TYPE } from "#server/contract/users";
import { addBerlinProfile, createUser, login, type TestRuntime } from "../../helpers/runtime";
import { callJson } from "../../helpers/api-call";

export interface Answer<T = unknown> {
  data?: T;
  errors?: Array<{ key: string; source?: string; params?: Record<string, unknown> }>;
}
export type Member = Awaited<ReturnType<typeof createUser>> & { token: string };

/** `runtime` is read at each call (the runtime is made in beforeAll); `ipPrefix` keeps one file's logins apart. */
export function reviewKit(runtime: () => TestRuntime, ipPrefix: string) {
  let ipCounter = 0;
  const nextIp = () => `${ipPrefix}.${(ipCounter += 1) % 250}`;

  async function signIn(who: { username: string; password: string }): Promise<string> {
    return String((await login(runtime(), who.username, who.password, nextIp())).body.access_token);
  }

  async function member(userType: number = USER_TYPE.client, options: { plus?: boolean } = {}): Promise<Member> {
    const rt = runtime();
    const user = await createUser(rt, { userType });
    await addBerlinProfile(rt, user.id, user.username);
    if (options.plus) await rt.deps.db.updateTable("users").set({ is_member: 1, member_until: null }).where("id", "=", user.id).execute();
    return { ...user, token: await signIn(user) };
  }

  function call<T>(token: string | undefined, method: string, path: string, body?: unknown) {
    return callJson<Answer<T>>(runtime(), token, method, `/api/v2${path}`, body);
  }

  function reviewBody(party: ReviewedParty, overrides: Record<string, unknown> = {}, rating = 4) {
    return {
      ratings: Object.fromEntries(REVIEW_CRITERIA[party].map((c) => [c, rating])),
      would_you_recommend_this_user: "yes",
      profile_match_reality: "yes",
      would_you_come_again: "no",
      punctuality: "on_time",
      text: "Pünktlich, freundlich und alles wie besprochen. Gerne wieder.",
      ...overrides,
    };
  }

  return { member, signIn, call, reviewBody };
}
