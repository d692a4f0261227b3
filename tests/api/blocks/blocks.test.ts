import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOCK_LIST_LIMIT } from "#server/contract/blocks";
import { USER_TYPE } from "#server/contract/users";
import { createTestRuntime, createUser, listedMember, login, TEST_DB, userRow, type TestRuntime } from "../../helpers/runtime";
import { callJson } from "../../helpers/api-call";

interface Answer {
  data?: { items: Array<{ username: string; display_name: string; blocked_at: number }>; total: number; limit: number };
  errors?: Array<{ key: string; source?: string; params?: Record<string, unknown> }>;
}

describe(`block list (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(() => rt.close());

  /** A listed escort in Berlin (or a client), signed in. */
  const member = (userType: number = USER_TYPE.escort) => listedMember(rt, userType);

  async function call(token: string | undefined, method: string, path: string) {
    const response = await rt.request(`/api/v2/block${path}`, { method, token });
    return { status: response.status, json: (await response.json()) as Answer };
  }

  const detail = async (username: string, token: string) => (await rt.request(`/api/v2/profiles/${username}/detail`, { token })).status;

  it("blocks and unblocks by username; a block separates both members both ways", async () => {
    const client = await member(USER_TYPE.client);
    const escort = await member();
    expect(await detail(escort.username, client.token)).toBe(200);
    const blocked = await call(client.token, "POST", `/${escort.username.toUpperCase()}`);
    expect(blocked.status).toBe(200);
    expect(blocked.json.data).toEqual({
      items: [{ username: escort.username, display_name: `Name ${escort.username}`, blocked_at: rt.clock.now() }],
      total: 1,
      limit: BLOCK_LIST_LIMIT,
    });
    // Again: nothing changes.
    expect((await call(client.token, "POST", `/${escort.username}`)).json.data?.total).toBe(1);
    expect(await detail(escort.username, client.token)).toBe(404);
    expect(await detail(client.username, escort.token)).toBe(404);
    // The other member's list is their own: empty, and they cannot lift the block.
    expect((await call(escort.token, "GET", "")).json.data?.total).toBe(0);
    await call(escort.token, "DELETE", `/${client.username}`);
    expect(await detail(escort.username, client.token)).toBe(404);

    const lifted = await call(client.token, "DELETE", `/${escort.username}`);
    expect(lifted.json.data?.total).toBe(0);
    expect(await detail(escort.username, client.token)).toBe(200);
  });

  it("blocks older accounts whose names sign-up no longer allows, and a double submit once", async () => {
    const client = await member(USER_TYPE.client);
    const old = await createUser(rt, { username: "ab", userType: USER_TYPE.escort });
    const both = await Promise.all([call(client.token, "POST", `/${old.username}`), call(client.token, "POST", `/${old.username}`)]);
    expect(both.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await call(client.token, "GET", "")).json.data?.items.map((item) => item.username)).toEqual(["ab"]);
  });

  it("refuses oneself, unknown and impossible names", async () => {
    const client = await member(USER_TYPE.client);
    const self = await call(client.token, "POST", `/${client.username}`);
    expect(self.status).toBe(400);
    expect(self.json.errors?.[0]).toMatchObject({ key: "exception.block.self", source: "username" });
    expect((await call(client.token, "POST", "/nobody_by_that_name")).status).toBe(404);
    // Banned and unclaimed accounts answer like unknown names.
    for (const status of ["banned", "claimable"] as const) {
      const hidden = await createUser(rt, { userType: USER_TYPE.escort });
      await rt.deps.db.updateTable("users").set({ status }).where("id", "=", hidden.id).execute();
      expect((await call(client.token, "POST", `/${hidden.username}`)).status, status).toBe(404);
    }
    expect((await call(client.token, "POST", "/x%20y%3Cscript%3E")).status).toBe(404);
    expect((await call(undefined, "GET", "")).status).toBe(401);
    expect((await call(undefined, "POST", `/${client.username}`)).status).toBe(401);
  });

  it(`stops at ${BLOCK_LIST_LIMIT} with a clear error`, async () => {
    const client = await member(USER_TYPE.client);
    const others = await Promise.all(Array.from({ length: 2 }, () => createUser(rt, { userType: USER_TYPE.escort })));
    // 499 earlier blocks of members written directly (499 sign-ups with scrypt would only slow the suite).
    const now = rt.clock.now();
    const filler = await rt.deps.db
      .insertInto("users")
      .values(
        Array.from({ length: BLOCK_LIST_LIMIT - 1 }, (_, i) =>
          userRow({ username: `filler_${client.id}_${i}`, passwordHash: "!unusable", userType: USER_TYPE.client, now }),
        ),
      )
      .returning("id")
      .execute();
    await rt.deps.db
      .insertInto("blocks")
      .values(filler.map((row) => ({ blocker_id: client.id, blocked_id: row.id, created_at: 0 })))
      .execute();
    expect((await call(client.token, "POST", `/${others[0]!.username}`)).status).toBe(200);
    const full = await call(client.token, "POST", `/${others[1]!.username}`);
    expect(full.status).toBe(409);
    expect(full.json.errors?.[0]).toMatchObject({
      key: "exception.block.limit_reached",
      source: "username",
      params: { max: BLOCK_LIST_LIMIT },
    });
    expect((await call(client.token, "GET", "")).json.data?.total).toBe(BLOCK_LIST_LIMIT);
  });
});

describe(`first contact filter (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(() => rt.close());

  function call(token: string | undefined, method: string, body?: unknown) {
    return callJson<{ data?: unknown; errors?: Array<{ key: string; source?: string }> }>(
      rt,
      token,
      method,
      "/api/v2/settings/first_contact_filter",
      body,
    );
  }

  it("is open until saved, and keeps what was saved, per member", async () => {
    const user = await createUser(rt, { userType: USER_TYPE.escort });
    const other = await createUser(rt, { userType: USER_TYPE.escort });
    const token = String((await login(rt, user.username, user.password)).body.access_token);
    const otherToken = String((await login(rt, other.username, other.password)).body.access_token);
    const open = { age_min: null, age_max: null, genders: [], user_types: [], countries: [], members_only: false, verified_only: false };
    expect((await call(token, "GET")).json.data).toEqual(open);
    const saved = await call(token, "PUT", {
      age_min: 25,
      age_max: 60,
      genders: [2, 1, 1],
      user_types: ["client"],
      countries: ["DE", "AT"],
      verified_only: true,
    });
    expect(saved.status).toBe(200);
    const expected = {
      age_min: 25,
      age_max: 60,
      genders: [1, 2],
      user_types: ["client"],
      countries: ["AT", "DE"],
      members_only: false,
      verified_only: true,
    };
    expect(saved.json.data).toEqual(expected);
    expect((await call(token, "GET")).json.data).toEqual(expected);
    expect((await call(otherToken, "GET")).json.data).toEqual(open);
  });

  it("refuses a reversed age range, unknown codes and ages out of range at their fields", async () => {
    const user = await createUser(rt);
    const token = String((await login(rt, user.username, user.password)).body.access_token);
    const reversed = await call(token, "PUT", { age_min: 40, age_max: 30 });
    expect(reversed.status).toBe(400);
    expect(reversed.json.errors?.[0]).toMatchObject({ key: "validation.settings.age_order", source: "age_max" });
    expect((await call(token, "PUT", { age_min: 17 })).json.errors?.[0]?.source).toBe("age_min");
    expect((await call(token, "PUT", { genders: [4] })).status).toBe(400);
    expect((await call(token, "PUT", { user_types: ["team"] })).status).toBe(400);
    expect((await call(token, "PUT", { countries: ["XX"] })).status).toBe(400);
    expect((await call(undefined, "GET")).status).toBe(401);
  });
});
