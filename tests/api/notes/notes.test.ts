import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTE_MAX_LENGTH, type NoteAnswer } from "#server/contract/notes";
import { USER_TYPE } from "#server/contract/users";
import { notesFor } from "#server/modules/notes/index";
import { addBerlinProfile, createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { callJson } from "../../helpers/api-call";

interface Answer<T> {
  data?: T;
  errors?: Array<{ key: string; source?: string; params?: Record<string, unknown> }>;
}
type Member = Awaited<ReturnType<typeof createUser>> & { token: string };

describe(`private notes (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  async function member(options: { userType?: number; plus?: boolean } = {}): Promise<Member> {
    const user = await createUser(rt, { userType: options.userType ?? USER_TYPE.client });
    await addBerlinProfile(rt, user.id, user.username);
    if (options.plus) await rt.deps.db.updateTable("users").set({ is_member: 1, member_until: null }).where("id", "=", user.id).execute();
    return { ...user, token: String((await login(rt, user.username, user.password)).body.access_token) };
  }

  function note(token: string | undefined, method: string, username: string, body?: unknown) {
    return callJson<Answer<NoteAnswer>>(rt, token, method, `/api/v2/profiles/${username}/notes`, body);
  }
  const relation = async (who: Member, username: string) => {
    const response = await rt.request(`/api/v2/profiles/${username}/detail`, { token: who.token });
    return ((await response.json()) as Answer<{ relation: { note: { text: string | null; can_write: boolean } | null } }>).data?.relation
      .note;
  };

  it("keeps one note per member and profile, seen only by its author", async () => {
    const anna = await member({ plus: true });
    const carl = await member({ plus: true });
    const eve = await member({ userType: USER_TYPE.escort });
    expect((await note(anna.token, "GET", eve.username)).json.data).toEqual({
      text: null,
      updated_at: null,
      can_write: true,
      max_length: NOTE_MAX_LENGTH,
    });
    const written = await note(anna.token, "PUT", eve.username, { text: "  Sehr nett, ruhig.  " });
    expect(written.status).toBe(200);
    expect(written.json.data).toMatchObject({ text: "Sehr nett, ruhig.", updated_at: rt.clock.now() });
    rt.clock.advance(1000);
    expect((await note(anna.token, "PUT", eve.username, { text: "Geändert" })).json.data?.text).toBe("Geändert");
    expect(await relation(anna, eve.username)).toEqual({ text: "Geändert", can_write: true });
    // Carl writes his own; neither sees the other's, and the subject sees none.
    expect((await note(carl.token, "GET", eve.username)).json.data?.text).toBeNull();
    await note(carl.token, "PUT", eve.username, { text: "Carls Notiz" });
    expect((await note(anna.token, "GET", eve.username)).json.data?.text).toBe("Geändert");
    expect((await note(carl.token, "GET", eve.username)).json.data?.text).toBe("Carls Notiz");
    expect(await relation(eve, anna.username)).toMatchObject({ text: null });
    // Carl deleting his removes only his.
    await note(carl.token, "DELETE", eve.username);
    expect((await note(anna.token, "GET", eve.username)).json.data?.text).toBe("Geändert");
    // Lists read the author's notes only.
    const forAnna = await notesFor(rt.deps, anna.id, [eve.id, carl.id]);
    expect([...forAnna]).toEqual([[eve.id, "Geändert"]]);
    expect((await notesFor(rt.deps, carl.id, [eve.id])).size).toBe(0);
    expect((await notesFor(rt.deps, anna.id, [])).size).toBe(0);
    // No note on one's own profile, none for guests.
    expect((await note(anna.token, "PUT", anna.username, { text: "x" })).status).toBe(404);
    expect((await note(undefined, "GET", eve.username)).status).toBe(401);
  });

  it("needs plus to write or change; a former plus member reads and deletes; a member without plus is told so", async () => {
    const anna = await member({ plus: true });
    const eve = await member({ userType: USER_TYPE.escort });
    await note(anna.token, "PUT", eve.username, { text: "Von früher" });
    await rt.deps.db
      .updateTable("users")
      .set({ member_until: rt.clock.now() - 1 })
      .where("id", "=", anna.id)
      .execute();
    expect(await relation(anna, eve.username)).toEqual({ text: "Von früher", can_write: false });
    const refused = await note(anna.token, "PUT", eve.username, { text: "Neu" });
    expect(refused.status).toBe(403);
    expect(refused.json.errors?.[0]?.key).toBe("exception.notes.plus_required");
    expect((await note(anna.token, "GET", eve.username)).json.data?.text).toBe("Von früher");
    expect((await note(anna.token, "DELETE", eve.username)).json.data).toMatchObject({ text: null, can_write: false });
    const basic = await member();
    expect(await relation(basic, eve.username)).toEqual({ text: null, can_write: false });
    expect((await note(basic.token, "PUT", eve.username, { text: "x" })).status).toBe(403);
  });

  it("validates the text and any body", async () => {
    const anna = await member({ plus: true });
    const eve = await member({ userType: USER_TYPE.escort });
    const tooLong = await note(anna.token, "PUT", eve.username, { text: "x".repeat(NOTE_MAX_LENGTH + 1) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.errors?.[0]).toMatchObject({
      key: "validation.notes.too_long",
      source: "text",
      params: { max: String(NOTE_MAX_LENGTH) },
    });
    expect((await note(anna.token, "PUT", eve.username, { text: "x".repeat(NOTE_MAX_LENGTH) })).status).toBe(200);
    expect((await note(anna.token, "PUT", eve.username, { text: "   " })).status).toBe(400);
    expect((await note(anna.token, "PUT", eve.username, { text: 5 })).status).toBe(400);
    expect((await note(anna.token, "PUT", eve.username, [1])).status).toBe(400);
    const raw = await rt.request(`/api/v2/profiles/${eve.username}/notes`, {
      method: "PUT",
      token: anna.token,
      headers: { "content-type": "text/plain" },
      body: "hello",
    });
    expect(raw.status).toBeGreaterThanOrEqual(400);
    expect(raw.status).toBeLessThan(500);
    expect((await note(anna.token, "GET", "x%20y%3Cscript%3E")).status).toBe(404);
  });

  it("refuses every note action both ways across a block, and on profiles the author may not see", async () => {
    const anna = await member({ plus: true });
    const eve = await member({ userType: USER_TYPE.escort, plus: true });
    await note(anna.token, "PUT", eve.username, { text: "Vor dem Block" });
    for (const [blocker, blocked] of [
      [anna, eve],
      [eve, anna],
    ] as const) {
      await rt.deps.db
        .insertInto("blocks")
        .values({ blocker_id: blocker.id, blocked_id: blocked.id, created_at: rt.clock.now() })
        .execute();
      for (const [who, other] of [
        [anna, eve],
        [eve, anna],
      ] as const) {
        expect((await note(who.token, "GET", other.username)).status).toBe(404);
        expect((await note(who.token, "PUT", other.username, { text: "x" })).status).toBe(404);
        expect((await note(who.token, "DELETE", other.username)).status).toBe(404);
      }
      await rt.deps.db.deleteFrom("blocks").execute();
    }
    expect((await note(anna.token, "GET", eve.username)).json.data?.text).toBe("Vor dem Block");
    for (const status of ["paused", "banned"] as const) {
      await rt.deps.db.updateTable("users").set({ status }).where("id", "=", eve.id).execute();
      expect((await note(anna.token, "PUT", eve.username, { text: "x" })).status, status).toBe(404);
    }
  });
});
