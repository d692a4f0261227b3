/**
 * GET /user/shell (ADR 148): the layout's data in one call, cached per member. It answers what /user/data and the
 * announcements answer; a member's shell never reaches another member; the member's own writes, the bus events of
 * their counts and staff writes forget it at once; anything else shows at most SHELL_TTL_MS late; a revoked token is
 * refused although its shell is cached.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserDataResponse, UserShell } from "#server/contract/user-data";
import type { AnnouncementList } from "#server/contract/notifications";
import { USER_TYPE } from "#server/contract/users";
import { cachedShellMembers, SHELL_TTL_MS } from "#server/modules/auth/index";
import { TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { createMessengerRuntime, plusMember } from "../messenger/fixtures";

describe(`the layout's shell (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ rt, close } = await createMessengerRuntime());
  });
  afterAll(() => close());

  const member = (userType: number = USER_TYPE.client) => plusMember(rt, userType);
  type Member = Awaited<ReturnType<typeof member>>;

  async function shell(token: string, query = "lang=de"): Promise<UserShell> {
    const response = await rt.request(`/api/v2/user/shell?${query}`, { token });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: UserShell }).data;
  }
  async function userData(token: string): Promise<UserDataResponse> {
    const response = await rt.request("/api/v2/user/data", { token });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: UserDataResponse }).data;
  }
  async function announcements(token: string, query = "lang=de"): Promise<AnnouncementList> {
    const response = await rt.request(`/api/v2/definitions/announcements?${query}`, { token });
    return ((await response.json()) as { data: AnnouncementList }).data;
  }
  async function send(from: Member, to: Member, body: string) {
    const response = await rt.request(`/api/v2/messenger/send/${to.username}`, {
      method: "POST",
      token: from.token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ body }),
    });
    expect(response.status).toBe(201);
  }
  /** The bus delivers on a later tick, as across the network. */
  const busDelivered = () => new Promise((resolve) => setTimeout(resolve, 10));
  /** A change no write through the API and no bus event announces (a job, a clock): only the TTL shows it. */
  const renameBehindTheCache = (id: number, name: string) =>
    rt.deps.db.updateTable("profiles").set({ display_name: name }).where("user_id", "=", id).execute();

  it("answers /user/data's viewer and the announcements, and refuses guests", async () => {
    const a = await member();
    const answer = await shell(a.token, "lang=en");
    expect(answer.user).toEqual(await userData(a.token));
    expect(answer.announcements).toEqual(await announcements(a.token, "lang=en"));
    expect((await rt.request("/api/v2/user/shell?lang=de")).status).toBe(401);
    expect((await rt.request("/api/v2/user/shell?lang=xx", { token: a.token })).status).toBe(400);
  });

  it("never gives one member's shell or counts to another", async () => {
    const a = await member();
    const b = await member(USER_TYPE.escort);
    const c = await member();
    await send(c, a, "hello a");
    await busDelivered();
    // Cached for both, asked alternately.
    for (let round = 0; round < 3; round++) {
      const [sa, sb] = [await shell(a.token), await shell(b.token)];
      expect(sa.user.id).toBe(a.id);
      expect(sb.user.id).toBe(b.id);
      expect(sa.user.messenger).toEqual((await userData(a.token)).messenger);
      expect(sb.user.messenger).toEqual((await userData(b.token)).messenger);
      expect(sa.user.username).not.toBe(sb.user.username);
    }
    expect((await shell(b.token)).user.messenger).not.toEqual((await shell(a.token)).user.messenger);
  });

  it("shows a new message's count at once (the bus event forgets the recipient's shell), for the sender too", async () => {
    const a = await member();
    const b = await member(USER_TYPE.escort);
    const before = await shell(a.token);
    await shell(b.token);
    await send(b, a, "one");
    await busDelivered();
    const after = await shell(a.token);
    expect(after.user.messenger).toEqual((await userData(a.token)).messenger);
    expect(after.user.messenger).not.toEqual(before.user.messenger);
    expect((await shell(b.token)).user.messenger).toEqual((await userData(b.token)).messenger);
  });

  it("forgets a member's shell at their own write, and only theirs", async () => {
    const a = await member();
    const b = await member();
    await shell(a.token);
    await shell(b.token);
    await renameBehindTheCache(a.id, "Renamed A");
    await renameBehindTheCache(b.id, "Renamed B");
    expect((await shell(a.token)).user.profile.display_name).not.toBe("Renamed A");
    // Any write of a's: here all notifications read.
    const write = await rt.request("/api/v2/notifications/read-all", { method: "POST", token: a.token });
    expect(write.status).toBe(200);
    expect((await shell(a.token)).user.profile.display_name).toBe("Renamed A");
    expect((await shell(b.token)).user.profile.display_name).not.toBe("Renamed B");
  });

  it("keeps the shell at a search, a read sent as POST, whether a member or a guest searches", async () => {
    const a = await member();
    await shell(a.token);
    await renameBehindTheCache(a.id, "Searched A");
    for (const token of [a.token, undefined]) {
      const search = await rt.request("/api/v2/search/user-and-business", {
        method: "POST",
        token,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({}),
      });
      expect(search.status).toBeLessThan(500);
    }
    expect(cachedShellMembers(rt.deps)).toBeGreaterThan(0);
    expect((await shell(a.token)).user.profile.display_name).not.toBe("Searched A");
  });

  it("shows an unannounced change after SHELL_TTL_MS at the latest", async () => {
    const a = await member();
    await shell(a.token);
    await renameBehindTheCache(a.id, "Late A");
    rt.clock.advance(SHELL_TTL_MS - 1);
    expect((await shell(a.token)).user.profile.display_name).not.toBe("Late A");
    rt.clock.advance(1);
    expect((await shell(a.token)).user.profile.display_name).toBe("Late A");
  });

  it("ends plus at plus_until, not up to SHELL_TTL_MS later (ADR 061: the web tier and the API at once)", async () => {
    const a = await member();
    const until = rt.clock.now() + 60_000;
    await rt.deps.db.updateTable("users").set({ member_until: until }).where("id", "=", a.id).execute();
    const cached = await shell(a.token);
    expect(cached.user.is_member).toBe(true);
    expect(cached.user.entitlements.plus_until).toBe(until);
    rt.clock.set(until - 1);
    expect((await shell(a.token)).user.is_member).toBe(true);
    rt.clock.set(until);
    expect((await shell(a.token)).user.is_member).toBe(false);
    expect((await userData(a.token)).is_member).toBe(false);
  });

  it("forgets every shell at a write of another instance (the bus's shell_changed) and at a write without a member", async () => {
    const a = await member();
    await shell(a.token);
    await renameBehindTheCache(a.id, "Elsewhere A");
    await rt.deps.bus.publish({ to: [], event: { type: "shell_changed", members: [a.id] } });
    await busDelivered();
    expect((await shell(a.token)).user.profile.display_name).toBe("Elsewhere A");
    await renameBehindTheCache(a.id, "Guest-write A");
    // A write without a member may be a provider's webhook changing anyone (here a payment postback): all shells go.
    await rt.request("/api/v2/payment/postback/fake", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({}),
    });
    expect(cachedShellMembers(rt.deps)).toBe(0);
    expect((await shell(a.token)).user.profile.display_name).toBe("Guest-write A");
  });

  it("refuses a revoked token although its shell is cached (the token is checked on every call)", async () => {
    const a = await member();
    await shell(a.token);
    await rt.deps.db.updateTable("access_tokens").set({ revoked_at: rt.clock.now() }).where("user_id", "=", a.id).execute();
    expect((await rt.request("/api/v2/user/shell?lang=de", { token: a.token })).status).toBe(401);
  });
});
