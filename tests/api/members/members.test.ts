/**
 * The back office's members through the real API on both databases (issue 30 item 5, ADR 118): the search and its
 * filters (and that each rides an index), a member's page (team sees balances only, backend the orders and ledger
 * too), and each staff action's effect, audit row and statement of reasons; members refused, staff accounts refused,
 * unknown ids 404, two staff banning at once (one change, one 409), the pause that the member cannot resume and that
 * a job ends, the verification reset.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BackofficeMember, MemberActionDone, MemberSearchPage } from "#server/contract/members";
import { USER_TYPE } from "#server/contract/users";
import { VERIFICATION_STATUS } from "#server/contract/verification";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, createUser, listedMemberWith, login, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface ErrorBody {
  errors: Array<{ key: string; source?: string }>;
}

const DAY = 24 * 60 * 60 * 1000;
const REASON = "Fake photos reported several times";

describe(`back-office members (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let staffUsers: Array<Awaited<ReturnType<typeof createUser>>>;
  let team: { id: number; token: string };
  let team2: { id: number; token: string };
  let backend: { id: number; token: string };

  beforeAll(async () => {
    rt = await createTestRuntime();
    staffUsers = [
      await createUser(rt, { userType: USER_TYPE.team }),
      await createUser(rt, { userType: USER_TYPE.team }),
      await createUser(rt, { userType: USER_TYPE.backend }),
    ];
  }, 60_000);
  // Some tests move the clock by days: fresh staff sessions for each (a token lives 24 hours).
  beforeEach(async () => {
    const sessions = await Promise.all(staffUsers.map((user) => signIn(rt, user)));
    [team, team2, backend] = [sessions[0]!, sessions[1]!, sessions[2]!];
  });
  afterAll(async () => {
    await rt.close();
  });

  const api = <Body>(token: string | undefined, method: string, path: string, body?: unknown) =>
    callJson<Body & ErrorBody>(rt, token, method, `/api/v2${path}`, body);
  const data = <T>(answer: { json: unknown }) => (answer.json as { data: T }).data;
  const search = async (token: string, query: string) => {
    const answer = await api<{ data: MemberSearchPage }>(token, "GET", `/backoffice/members?${query}`);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return data<MemberSearchPage>(answer);
  };
  const page = async (token: string, id: number) => data<BackofficeMember>(await api(token, "GET", `/backoffice/members/${id}`));
  const trailOf = (userId: number, action: string) =>
    rt.deps.db
      .selectFrom("audit_log")
      .selectAll()
      .where("subject_type", "=", "user")
      .where("subject_id", "=", String(userId))
      .where("action", "=", action)
      .execute();
  const statementsOf = (userId: number) =>
    rt.deps.db.selectFrom("statements").selectAll().where("user_id", "=", userId).orderBy("id").execute();
  const profileStatus = async (username: string) => (await api(undefined, "GET", `/profiles/${username}/detail`)).status;

  it("members and guests are refused everywhere; staff accounts are not acted on; unknown ids are 404", async () => {
    const member = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    const other = await listedMemberWith(rt);
    expect((await api(member.token, "GET", "/backoffice/members")).status).toBe(403);
    expect((await api(undefined, "GET", "/backoffice/members")).status).toBe(401);
    // A member asking for another member's page or acting on them: refused, nothing changes.
    expect((await api(member.token, "GET", `/backoffice/members/${other.id}`)).status).toBe(403);
    for (const action of ["ban", "pause", "unban", "unpause", "sign-out", "reset-verification"]) {
      const answer = await api(member.token, "POST", `/backoffice/members/${other.id}/${action}`, {
        reason: REASON,
        days: 7,
        kind: "webcam",
      });
      expect(answer.status, action).toBe(403);
      expect(answer.json.errors[0]!.key).toBe("exception.backoffice.staff_only");
    }
    expect((await rt.deps.db.selectFrom("users").select("status").where("id", "=", other.id).executeTakeFirstOrThrow()).status).toBe(
      "active",
    );

    // Staff acting on staff: 403, and the other staff member keeps signing in.
    const staffTarget = await api(team.token, "POST", `/backoffice/members/${backend.id}/ban`, { reason: REASON });
    expect(staffTarget.status).toBe(403);
    expect(staffTarget.json.errors[0]!.key).toBe("exception.members.staff_account");
    expect((await api(team.token, "POST", `/backoffice/members/${team2.id}/sign-out`, { reason: REASON })).status).toBe(403);
    expect((await login(rt, staffUsers[2]!.username, staffUsers[2]!.password)).status).toBe(200);

    // Unknown ids and ids that name nothing: 404.
    expect((await api(team.token, "GET", "/backoffice/members/999999999")).status).toBe(404);
    expect((await api(team.token, "GET", "/backoffice/members/abc")).status).toBe(404);
    expect((await api(team.token, "POST", "/backoffice/members/999999999/ban", { reason: REASON })).status).toBe(404);

    // A reason is required (and kept as typed): a short one is a 400 at the field.
    const short = await api(team.token, "POST", `/backoffice/members/${other.id}/ban`, { reason: "bad" });
    expect(short.status).toBe(400);
    expect(short.json.errors[0]!.key).toBe("validation.members.reason");
    expect(short.json.errors[0]!.source).toBe("reason");
    const days = await api(team.token, "POST", `/backoffice/members/${other.id}/pause`, { reason: REASON, days: 5 });
    expect(days.status).toBe(400);
    expect(days.json.errors[0]!.key).toBe("validation.members.days");
    expect(await trailOf(other.id, "member.ban")).toHaveLength(0);
  });

  it("searches by username prefix, e-mail, id, type, status and city, newest first, paged", async () => {
    const tag = `srch${Date.now().toString(36)}`;
    const a = await createUser(rt, { username: `${tag}_anna`, userType: USER_TYPE.escort });
    const b = await createUser(rt, { username: `${tag}_bert`, email: `Bert.${tag}@Example.test` });
    const c = await createUser(rt, { username: `${tag}_carl`, status: "banned" });
    await rt.deps.db
      .insertInto("profiles")
      .values({
        user_id: a.id,
        display_name: "Anna",
        city_name: "Saarbrücken",
        city_slug: "saarbruecken",
        is_visible: 1,
        updated_at: rt.clock.now(),
      })
      .execute();

    const byPrefix = await search(team.token, `username=${tag.toUpperCase()}`);
    expect(byPrefix.items.map((item) => item.id)).toEqual([c.id, b.id, a.id]);
    expect(byPrefix.has_more).toBe(false);
    expect((await search(team.token, `username=${tag}_b`)).items.map((item) => item.id)).toEqual([b.id]);
    // The e-mail: the whole address, any case; a part of it finds nothing.
    expect((await search(team.token, `email=${encodeURIComponent(`bert.${tag}@example.TEST`)}`)).items.map((item) => item.id)).toEqual([
      b.id,
    ]);
    expect((await search(team.token, `email=bert.${tag}`)).items).toEqual([]);
    expect((await search(backend.token, `id=${a.id}`)).items.map((item) => item.username)).toEqual([a.username]);
    expect((await search(team.token, `username=${tag}&type=escort`)).items.map((item) => item.id)).toEqual([a.id]);
    expect((await search(team.token, `username=${tag}&status=banned`)).items.map((item) => item.id)).toEqual([c.id]);
    const byCity = await search(team.token, `username=${tag}&city=saarbr%C3%BCcken`);
    expect(byCity.items.map((item) => [item.id, item.city_name])).toEqual([[a.id, "Saarbrücken"]]);
    // A wildcard in the name is a character, not a pattern.
    expect((await search(team.token, `username=${tag}%25`)).items).toEqual([]);

    // Paging: 25 a page, has_more while another follows.
    const first = await search(team.token, "");
    const total = Number(
      (
        await rt.deps.db
          .selectFrom("users")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(first.items).toHaveLength(Math.min(25, total));
    expect(first.items.map((item) => item.id)).toEqual([...first.items.map((item) => item.id)].sort((x, y) => y - x));

    // Bad filters: a 400 at the field, never a 500.
    const bad = await api(team.token, "GET", "/backoffice/members?status=sleeping");
    expect(bad.status).toBe(400);
    expect((await api(team.token, "GET", "/backoffice/members?id=12x")).status).toBe(400);
  });

  it("each filter rides an index (EXPLAIN)", async () => {
    const plans: Record<string, string> = {};
    const explain = async (name: string, where: string) => {
      const query = `select users.id from users left join profiles on profiles.user_id = users.id where ${where} order by users.id desc limit 26`;
      if (TEST_DB === "postgres") {
        // A small table makes a sequential scan the cheapest plan: ask what the planner does when it may not.
        await sql`set enable_seqscan = off`.execute(rt.deps.db);
        const rows = await sql<{ "QUERY PLAN": string }>`${sql.raw(`explain ${query}`)}`.execute(rt.deps.db);
        await sql`set enable_seqscan = on`.execute(rt.deps.db);
        plans[name] = rows.rows.map((row) => row["QUERY PLAN"]).join("\n");
      } else {
        const rows = await sql<{ detail: string }>`${sql.raw(`explain query plan ${query}`)}`.execute(rt.deps.db);
        plans[name] = rows.rows.map((row) => row.detail).join("\n");
      }
    };
    await explain("status", "users.status = 'banned'");
    await explain("type", "users.user_type = 2");
    await explain("email", "users.email_key = 'x@example.test'");
    await explain("city", "profiles.city_slug = 'saarbruecken'");
    await explain(
      "username",
      TEST_DB === "postgres" ? "users.username_key like 'ann%'" : "users.username_key >= 'ann' and users.username_key < 'ann\u{10FFFF}'",
    );
    expect(plans.status).toMatch(/users_status_id/);
    expect(plans.type).toMatch(/users_type_id/);
    expect(plans.email).toMatch(/email_key|sqlite_autoindex_users|users_email_key/);
    expect(plans.city).toMatch(/profiles_city/);
    expect(plans.username).toMatch(TEST_DB === "postgres" ? /users_username_prefix/ : /username_key|sqlite_autoindex_users/);
  });

  it("the member's page: profile, verification, reports, statements, sessions, audit; money detail for backend only", async () => {
    const member = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    const reporter = await listedMemberWith(rt);
    await rt.deps.db
      .insertInto("reports")
      .values({
        user_id: reporter.id,
        reporter_key: `u:${reporter.id}`,
        reporter_name: null,
        reporter_email: null,
        object_kind: "profile",
        object_id: member.id,
        url: null,
        object_ref: `profile:${member.id}`,
        target_user_id: member.id,
        type: "fake_profile",
        priority: 1,
        text: "not her photos",
        language: "de",
        created_at: rt.clock.now(),
        outcome: null,
        statement: null,
        decided_by: null,
        decided_at: null,
        email_token_hash: null,
        email_token_expires_at: null,
        email_confirmed_at: null,
      })
      .execute();

    const seen = await page(team.token, member.id);
    expect(seen.viewer_role).toBe("team");
    expect(seen.member.username).toBe(member.username);
    expect(seen.member.status).toBe("active");
    expect(seen.member.city_name).toBe("Berlin");
    expect(seen.member.is_staff).toBe(false);
    expect(seen.verification.age_status).toBe("init");
    expect(seen.verification.checks.map((check) => check.kind)).toEqual(["webcam", "id", "prostschg"]);
    expect(seen.reports.about_count).toBe(1);
    expect(seen.reports.about[0]!.other_username).toBe(reporter.username);
    expect(seen.reports.by_count).toBe(0);
    expect((await page(team.token, reporter.id)).reports.by[0]!.other_username).toBe(member.username);
    // The member signed in once: one live session, as stored.
    expect(seen.sessions).toHaveLength(1);
    expect(seen.sessions[0]!.live).toBe(true);
    // Money: the team sees the balances only; backend staff also the orders and the ledger.
    expect(seen.money.balances.dollar.wallet).toBe(0);
    expect(seen.money.orders).toBeNull();
    expect(seen.money.ledger).toBeNull();
    const asBackend = await page(backend.token, member.id);
    expect(asBackend.viewer_role).toBe("backend");
    expect(asBackend.money.orders).toEqual([]);
    expect(asBackend.money.ledger).toEqual([]);
    expect(asBackend.kyc).toEqual({ status: "missing", updated_at: null });
  });

  it("ban: status banned, sessions end, one statement and one audit row; two staff at once: one wins, the other 409; unban reverses", async () => {
    const member = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    const [a, b] = await Promise.all([
      api<{ data: MemberActionDone }>(team.token, "POST", `/backoffice/members/${member.id}/ban`, { reason: REASON }),
      api<{ data: MemberActionDone }>(team2.token, "POST", `/backoffice/members/${member.id}/ban`, { reason: `${REASON} (second)` }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const lost = a.status === 409 ? a : b;
    expect(lost.json.errors[0]!.key).toBe("exception.members.already_banned");
    const won = data<MemberActionDone>(a.status === 200 ? a : b);
    expect(won.status).toBe("banned");
    expect(won.affected).toBe(1);

    expect(await trailOf(member.id, "member.ban")).toHaveLength(1);
    const statements = await statementsOf(member.id);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({
      restriction: "account_terminated",
      subject_kind: "account",
      ground: "terms",
      source: "own_initiative",
    });
    expect(statements[0]!.id).toBe(won.statement_id);
    // The session ended, the login is refused, the profile is gone.
    expect((await api(member.token, "GET", "/user/data")).status).toBe(401);
    expect((await login(rt, member.username, member.password)).status).toBe(403);
    expect(await profileStatus(member.username)).toBe(404);
    const banned = await page(team.token, member.id);
    expect(banned.restriction?.kind).toBe("ban");
    expect(banned.sessions.every((session) => !session.live)).toBe(true);
    expect(banned.audit[0]!.action).toBe("member.ban");
    expect(JSON.parse(banned.audit[0]!.before!)).toMatchObject({ status: "active" });

    // Unban: active again, the statement reversed, the member told; a second unban is 409.
    const unban = await api<{ data: MemberActionDone }>(team.token, "POST", `/backoffice/members/${member.id}/unban`, {
      reason: "Appeal upheld after review",
    });
    expect(unban.status).toBe(200);
    expect((await statementsOf(member.id))[0]!.reversed_at).toBe(rt.clock.now());
    expect((await api(team.token, "POST", `/backoffice/members/${member.id}/unban`, { reason: "Appeal upheld after review" })).status).toBe(
      409,
    );
    expect(await trailOf(member.id, "member.unban")).toHaveLength(1);
    expect((await login(rt, member.username, member.password)).status).toBe(200);
    expect(await profileStatus(member.username)).toBe(200);
    const mail = await rt.deps.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("recipient", "=", member.email)
      .where("template", "=", "member_unbanned")
      .execute();
    expect(mail).toHaveLength(1);
    expect((await page(team.token, member.id)).restriction).toBeNull();
  });

  it("pause: hidden for the chosen days, the member cannot resume it, unpause or the job at its end lifts it", async () => {
    const member = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    const paused = await api<{ data: MemberActionDone }>(team.token, "POST", `/backoffice/members/${member.id}/pause`, {
      reason: REASON,
      days: "7",
    });
    expect(paused.status, JSON.stringify(paused.json)).toBe(200);
    const done = data<MemberActionDone>(paused);
    expect(done.restriction?.ends_at).toBe(rt.clock.now() + 7 * DAY);
    expect(await profileStatus(member.username)).not.toBe(200);
    expect((await statementsOf(member.id))[0]).toMatchObject({ restriction: "account_suspended", ends_at: rt.clock.now() + 7 * DAY });
    // Again: 409, nothing more written.
    expect((await api(team2.token, "POST", `/backoffice/members/${member.id}/pause`, { reason: REASON, days: 7 })).status).toBe(409);
    expect(await trailOf(member.id, "member.pause")).toHaveLength(1);
    expect(await statementsOf(member.id)).toHaveLength(1);

    // The member still signs in but cannot resume the team's pause.
    const resume = await api(member.token, "POST", "/user/resume");
    expect(resume.status).toBe(403);
    expect(resume.json.errors[0]!.key).toBe("exception.members.paused_by_team");

    // Unpause: listed again, the statement counts as reversed, the member told.
    const unpause = await api(team.token, "POST", `/backoffice/members/${member.id}/unpause`, { reason: "Photos checked again" });
    expect(unpause.status).toBe(200);
    expect(await profileStatus(member.username)).toBe(200);
    expect((await statementsOf(member.id))[0]!.reversed_at).not.toBeNull();
    expect((await api(team.token, "POST", `/backoffice/members/${member.id}/unpause`, { reason: "Photos checked again" })).status).toBe(
      409,
    );

    // A second pause runs out by itself: the job at its end lifts it (the platform as actor).
    expect((await api(team.token, "POST", `/backoffice/members/${member.id}/pause`, { reason: REASON, days: 1 })).status).toBe(200);
    rt.clock.advance(DAY - 1000);
    await rt.jobs.runDue();
    expect(await profileStatus(member.username)).not.toBe(200);
    rt.clock.advance(1000);
    await rt.jobs.runDue();
    expect(await profileStatus(member.username)).toBe(200);
    const ended = await trailOf(member.id, "member.pause_end");
    expect(ended).toHaveLength(1);
    expect(ended[0]!.actor_id).toBeNull();
  });

  it("the forced fake check (the verification module's operation) writes its statement: the profile is disabled", async () => {
    const member = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    const forced = await api(team.token, "POST", `/backoffice/members/${member.id}/force-fake-check`, { reason: REASON });
    expect(forced.status).toBe(200);
    const statements = await statementsOf(member.id);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({ restriction: "content_disabled", subject_kind: "profile", facts: REASON, decided_by: team.id });
    // Forced again: no change, no second statement.
    expect((await api(team2.token, "POST", `/backoffice/members/${member.id}/force-fake-check`, { reason: REASON })).status).toBe(200);
    expect(await statementsOf(member.id)).toHaveLength(1);
    expect((await page(team.token, member.id)).member.forced_fake_check).toBe(true);
  });

  it("sign out everywhere ends every session; reset verification makes the checks count no more", async () => {
    const member = await listedMemberWith(rt, { userType: USER_TYPE.escort });
    const second = await signIn(rt, member);
    const out = await api<{ data: MemberActionDone }>(backend.token, "POST", `/backoffice/members/${member.id}/sign-out`, {
      reason: "Session stolen, member asked",
    });
    expect(out.status).toBe(200);
    expect(data<MemberActionDone>(out).affected).toBe(2);
    for (const token of [member.token, second.token]) expect((await api(token, "GET", "/user/data")).status).toBe(401);
    expect(await trailOf(member.id, "member.sign_out")).toHaveLength(1);

    // Nothing to reset yet: 409 at the kind.
    const nothing = await api(team.token, "POST", `/backoffice/members/${member.id}/reset-verification`, { reason: REASON, kind: "id" });
    expect(nothing.status).toBe(409);
    expect(nothing.json.errors[0]!.source).toBe("kind");
    const now = rt.clock.now();
    await rt.deps.db
      .insertInto("verification_checks")
      .values(
        [1, 2].map((n) => ({
          user_id: member.id,
          kind: "id",
          status: n === 1 ? VERIFICATION_STATUS.rejected : VERIFICATION_STATUS.verified,
          code: null,
          code_expires_at: null,
          file_prefix: null,
          created_at: now,
          submitted_at: now,
          due_at: now,
          decided_at: now,
          decided_by: team.id,
          reason: null,
          files_deleted_at: null,
          reset_at: null,
        })),
      )
      .execute();
    const before = await page(team.token, member.id);
    expect(before.verification.badges.identity_verified).toBe(true);
    expect(before.verification.checks.find((check) => check.kind === "id")!.attempts_used).toBe(2);
    const reset = await api<{ data: MemberActionDone }>(team.token, "POST", `/backoffice/members/${member.id}/reset-verification`, {
      reason: REASON,
      kind: "id",
    });
    expect(reset.status).toBe(200);
    expect(data<MemberActionDone>(reset).affected).toBe(2);
    const after = await page(team.token, member.id);
    expect(after.verification.badges.identity_verified).toBe(false);
    expect(after.verification.checks.find((check) => check.kind === "id")!.attempts_used).toBe(0);
    expect(await trailOf(member.id, "member.reset_verification")).toHaveLength(1);
    const mail = await rt.deps.db
      .selectFrom("mail_outbox")
      .select(["language", "text_body"])
      .where("recipient", "=", member.email)
      .where("template", "=", "member_verification_reset")
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("Ausweis");
  });
});
