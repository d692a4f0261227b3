/**
 * Token lifetimes: refresh_token rotation, revocation and expiry
 * (access 30 days, refresh 90 days) on a manual clock; the 24-hour session
 * window the API enforces, and the end of a token family whose refresh token
 * is replayed (issue 9 item 7, ADR 016).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_WINDOW_MS } from "#server/contract/constants";
import { sha256 } from "#server/lib/crypto";
import { ACCESS_TOKEN_TTL_MS, REFRESH_REUSE_GRACE_MS, REFRESH_TOKEN_TTL_MS, SESSION_SLIDE_STEP_MS } from "#server/modules/auth/tokens";
import { expectErrorShape, freshIp, passwordLogin, tokenRequest, type TokenAnswer } from "../../helpers/auth";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe(`refresh tokens and token expiry (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  /** Signs in; "keep me logged in" by default, so the 30/90-day lifetimes apply (the 24-hour window is tested below). */
  async function signedIn({ keepLoggedIn = true } = {}) {
    const user = await createUser(rt);
    const { status, body } = await passwordLogin(rt, user.username, user.password, freshIp(), { keep_logged_in: keepLoggedIn ? "1" : "0" });
    expect(status).toBe(200);
    return { user, access: body.access_token!, refresh: body.refresh_token! };
  }

  const refresh = (token: string) => tokenRequest(rt, { grant_type: "refresh_token", refresh_token: token }, freshIp());
  const userData = (token: string) => rt.request("/api/v2/user/data", { token });

  function expectRefused(answer: { status: number; body: TokenAnswer }) {
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("invalid_grant");
    expectErrorShape(answer.body, 400);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({ key: "exception.oauth.invalid_refresh_token", source: "refresh_token" }),
    ]);
    expect(answer.body.access_token).toBeUndefined();
  }

  it("uses 30-day access and 90-day refresh tokens", () => {
    expect(ACCESS_TOKEN_TTL_MS).toBe(30 * DAY);
    expect(REFRESH_TOKEN_TTL_MS).toBe(90 * DAY);
  });

  it("rotates: a new pair works, the old refresh and access tokens do not", async () => {
    const { user, access, refresh: oldRefresh } = await signedIn();
    const rotated = await refresh(oldRefresh);
    expect(rotated.status).toBe(200);
    expect(rotated.body.token_type).toBe("bearer");
    expect(rotated.body.access_token).not.toBe(access);
    expect(rotated.body.refresh_token).not.toBe(oldRefresh);

    const me = await userData(rotated.body.access_token!);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { id: number } }).data.id).toBe(user.id);

    expectRefused(await refresh(oldRefresh));
    expect((await userData(access)).status).toBe(401);
    // The new refresh token rotates once more.
    expect((await refresh(rotated.body.refresh_token!)).status).toBe(200);
  });

  it("lets only one of two concurrent uses of a refresh token succeed", async () => {
    const { refresh: token } = await signedIn();
    const answers = await Promise.all([refresh(token), refresh(token), refresh(token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
    const winner = answers.find((a) => a.status === 200)!;
    expect((await userData(winner.body.access_token!)).status).toBe(200);
  });

  it("refuses the refresh token of a logged-out session", async () => {
    const { access, refresh: token } = await signedIn();
    expect((await rt.request("/api/v2/user/logout", { method: "POST", token: access })).status).toBe(200);
    expectRefused(await refresh(token));
  });

  it("refuses unknown, empty and oversized refresh tokens with 4xx", async () => {
    expectRefused(await refresh("not-a-refresh-token"));
    for (const token of ["", "x".repeat(5000)]) {
      const answer = await refresh(token);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("invalid_request");
      expect(answer.body.errors).toEqual([expect.objectContaining({ source: "refresh_token" })]);
    }
    const missing = await tokenRequest(rt, { grant_type: "refresh_token" }, freshIp());
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([expect.objectContaining({ key: "validation.required", source: "refresh_token" })]);
  });

  it("expires the access token after 30 days; the refresh token still renews within 90", async () => {
    const { access, refresh: token } = await signedIn();
    rt.clock.advance(30 * DAY - 60_000);
    expect((await userData(access)).status).toBe(200);
    rt.clock.advance(60_000);
    const expired = await userData(access);
    expect(expired.status).toBe(401);
    expectErrorShape(await expired.json(), 401);
    const renewed = await refresh(token);
    expect(renewed.status).toBe(200);
    expect((await userData(renewed.body.access_token!)).status).toBe(200);
  });

  it("expires the refresh token after 90 days", async () => {
    const { refresh: token } = await signedIn();
    rt.clock.advance(90 * DAY);
    expectRefused(await refresh(token));
  });

  it("ends the sessions of a user who gets banned", async () => {
    const { user, access, refresh: token } = await signedIn();
    await rt.deps.db.updateTable("users").set({ status: "banned" }).where("id", "=", user.id).execute();
    expect((await userData(access)).status).toBe(401);
    expectRefused(await refresh(token));
  });

  describe("the 24-hour session window, enforced by the API", () => {
    it("ends a session unused for 24 hours; each use slides the window", async () => {
      const { access } = await signedIn({ keepLoggedIn: false });
      rt.clock.advance(23 * HOUR);
      expect((await userData(access)).status).toBe(200);
      rt.clock.advance(23 * HOUR);
      expect((await userData(access)).status, "the use 23 hours in slid the window").toBe(200);
      rt.clock.advance(24 * HOUR);
      expect((await userData(access)).status).toBe(401);
    });

    it("slides at most every few minutes (one write per token, not per request)", async () => {
      const { access } = await signedIn({ keepLoggedIn: false });
      const window = () =>
        rt.deps.db.selectFrom("access_tokens").select("idle_expires_at").where("token_hash", "=", sha256(access)).executeTakeFirstOrThrow();
      const before = (await window()).idle_expires_at;
      rt.clock.advance(SESSION_SLIDE_STEP_MS - 1_000);
      await userData(access);
      expect((await window()).idle_expires_at).toBe(before);
      rt.clock.advance(2_000);
      await userData(access);
      expect((await window()).idle_expires_at).toBe(rt.clock.now() + SESSION_WINDOW_MS);
    });

    it("a refresh token cannot revive a session whose window ran out", async () => {
      const { refresh: token } = await signedIn({ keepLoggedIn: false });
      rt.clock.advance(SESSION_WINDOW_MS + 1);
      expectRefused(await refresh(token));
    });

    it("keep me logged in: no window, the token lives its 30 days, and so do its rotations", async () => {
      const { access, refresh: token } = await signedIn({ keepLoggedIn: true });
      rt.clock.advance(10 * DAY);
      expect((await userData(access)).status).toBe(200);
      const rotated = await refresh(token);
      rt.clock.advance(10 * DAY);
      expect((await userData(rotated.body.access_token!)).status).toBe(200);
    });

    it("a rotation keeps the window of a windowed session", async () => {
      const { refresh: token } = await signedIn({ keepLoggedIn: false });
      const rotated = await refresh(token);
      rt.clock.advance(SESSION_WINDOW_MS + 1);
      expect((await userData(rotated.body.access_token!)).status).toBe(401);
    });
  });

  describe("refresh token reuse", () => {
    it("a replayed refresh token ends the whole family: every token rotated from that sign-in stops working", async () => {
      const { refresh: first } = await signedIn();
      const second = await refresh(first);
      const third = await refresh(second.body.refresh_token!);
      expect((await userData(third.body.access_token!)).status).toBe(200);
      // The first refresh token, exchanged a while ago, comes back: it leaked.
      rt.clock.advance(REFRESH_REUSE_GRACE_MS + 1);
      expectRefused(await refresh(first));
      expect((await userData(third.body.access_token!)).status).toBe(401);
      expectRefused(await refresh(third.body.refresh_token!));
    });

    it("leaves the member's other sign-ins alone", async () => {
      const { user, refresh: first } = await signedIn();
      const other = await passwordLogin(rt, user.username, user.password, freshIp(), { keep_logged_in: "1" });
      await refresh(first);
      rt.clock.advance(REFRESH_REUSE_GRACE_MS + 1);
      expectRefused(await refresh(first));
      expect((await userData(other.body.access_token!)).status).toBe(200);
    });

    it("a second exchange within seconds (two tabs, a retry) is refused without ending the family", async () => {
      const { refresh: token } = await signedIn();
      const rotated = await refresh(token);
      rt.clock.advance(REFRESH_REUSE_GRACE_MS - 1_000);
      expectRefused(await refresh(token));
      expect((await userData(rotated.body.access_token!)).status).toBe(200);
    });
  });
});
