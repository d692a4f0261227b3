/**
 * The DSA transparency report, trusted flaggers and the misuse rules through the real API on both databases (issue 30
 * item 4, ADRs 114, 115): exact counts and medians on a crafted year, the public report without login, the backend-only
 * run (team and members refused), trusted flaggers' notices first, both Art. 23 rules at their thresholds, the
 * monthly active recipients, and the scheduled run after the half-year.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QueuedReport, ReportQueue } from "#server/contract/reports";
import { MISUSE_RULES, type TransparencyIndex, type TransparencyReport, type TrustedFlagger } from "#server/contract/transparency";
import { USER_TYPE } from "#server/contract/users";
import { recordStatement } from "#server/modules/statements/index";
import { scheduleTransparencyReports } from "#server/modules/transparency/index";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, createUser, login, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface ErrorBody {
  errors?: Array<{ key: string; source?: string; params?: Record<string, unknown> }>;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const Y2025 = Date.UTC(2025, 0, 1);

describe(`transparency (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let team: { id: number; token: string };
  let backend: { id: number; token: string };

  beforeAll(async () => {
    rt = await createTestRuntime();
    team = await signIn(rt, await createUser(rt, { userType: USER_TYPE.team }));
    backend = await signIn(rt, await createUser(rt, { userType: USER_TYPE.backend }));
  }, 60_000);
  afterAll(async () => {
    await rt.close();
  });

  const api = <Body>(token: string | undefined, method: string, path: string, body?: unknown) =>
    callJson<{ data?: Body } & ErrorBody>(rt, token, method, `/api/v2${path}`, body);

  let pageCounter = 0;
  /** A notice by web address (no object to find): a fresh address each time, so none is "already open". */
  async function fileNotice(token: string | undefined, type = "spam") {
    pageCounter += 1;
    return api<{ id: number }>(token, "POST", "/reports", {
      kind: "page",
      url: `https://velora.test/de/blog/post-${pageCounter}`,
      type,
      text: "This page shows something that breaks the rules, see above.",
      good_faith: true,
    });
  }

  async function insertReport(values: {
    userId: number | null;
    type: string;
    kind: string;
    createdAt: number;
    decidedAt?: number;
    outcome?: string;
    unfounded?: boolean;
  }) {
    pageCounter += 1;
    const row = await rt.deps.db
      .insertInto("reports")
      .values({
        user_id: values.userId,
        reporter_key: values.userId === null ? null : `u:${values.userId}`,
        reporter_name: values.userId === null ? "Guest" : null,
        reporter_email: values.userId === null ? "guest@example.test" : null,
        object_kind: values.kind,
        object_id: null,
        url: `https://velora.test/x/${pageCounter}`,
        object_ref: `page:https://velora.test/x/${pageCounter}`,
        target_user_id: null,
        type: values.type,
        priority: 4,
        text: null,
        language: "de",
        state: values.decidedAt === undefined ? "open" : "decided",
        created_at: values.createdAt,
        outcome: values.outcome ?? null,
        statement: values.decidedAt === undefined ? null : "Decided after review of the page.",
        decided_by: values.decidedAt === undefined ? null : team.id,
        decided_at: values.decidedAt ?? null,
        email_token_hash: null,
        email_token_expires_at: null,
        email_confirmed_at: null,
        manifestly_unfounded: values.unfounded ? 1 : 0,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function statement(userId: number, at: number, extra: Partial<Parameters<typeof recordStatement>[1]> = {}) {
    return rt.deps.db.transaction().execute((trx) =>
      recordStatement(
        trx,
        {
          kind: "report_decision",
          userId,
          subjectKind: "media",
          subjectId: 1,
          restriction: "content_removed",
          ground: "illegal",
          groundReference: "§ 201a StGB",
          facts: "The photo showed a person without their consent.",
          source: "own_initiative",
          language: "de",
          decidedBy: team.id,
          ...extra,
        },
        at,
      ),
    );
  }

  it("counts a crafted year exactly: notices by type, kind and source, decisions, medians, reversals, active recipients", async () => {
    const member = await createUser(rt);
    const flagger = await createUser(rt);
    const author = await createUser(rt);
    // The flagger is trusted for the first half of 2025 only.
    await rt.deps.db
      .insertInto("trusted_flaggers")
      .values({
        user_id: flagger.id,
        organisation: "Jugendschutz e.V.",
        coordinator_reference: "BNetzA-DSC-2025-1",
        starts_at: Y2025,
        ends_at: Date.UTC(2025, 6, 1),
        created_by: backend.id,
        created_at: Y2025,
        revoked_at: null,
      })
      .execute();
    const mar = Date.UTC(2025, 2, 1);
    // Decided in 2025 after 1 h (flagger), 3 h (member), 5 h (guest), 10 h (flagger), and one filed in 2024 below.
    await insertReport({
      userId: flagger.id,
      type: "underage",
      kind: "media",
      createdAt: mar,
      decidedAt: mar + HOUR,
      outcome: "content_removed",
    });
    await insertReport({
      userId: member.id,
      type: "spam",
      kind: "profile",
      createdAt: mar,
      decidedAt: mar + 3 * HOUR,
      outcome: "no_action",
      unfounded: true,
    });
    await insertReport({ userId: null, type: "spam", kind: "page", createdAt: mar, decidedAt: mar + 5 * HOUR, outcome: "no_action" });
    await insertReport({
      userId: flagger.id,
      type: "scam",
      kind: "profile",
      createdAt: mar,
      decidedAt: mar + 10 * HOUR,
      outcome: "account_banned",
    });
    // Filed in 2025 but open; the flagger's in August no longer counts as trusted.
    await insertReport({ userId: flagger.id, type: "spam", kind: "page", createdAt: Date.UTC(2025, 7, 1) });
    // Outside the year: neither filed nor decided in 2025.
    await insertReport({
      userId: member.id,
      type: "spam",
      kind: "page",
      createdAt: Date.UTC(2024, 5, 1),
      decidedAt: Date.UTC(2024, 5, 2),
      outcome: "no_action",
    });
    // Filed in 2024, decided in 2025 (30 days = 720 h): counts as decided, not as received.
    await insertReport({
      userId: member.id,
      type: "threat",
      kind: "message",
      createdAt: Date.UTC(2024, 11, 2),
      decidedAt: Date.UTC(2025, 0, 1),
      outcome: "content_removed",
    });

    await statement(author.id, mar, { source: "trusted_flagger" });
    await statement(author.id, mar + DAY, { source: "notice", restriction: "account_suspended", ground: "terms", subjectKind: "account" });
    const reversed = await statement(author.id, mar + 2 * DAY);
    await statement(author.id, Date.UTC(2024, 3, 1));
    await rt.deps.db
      .updateTable("statements")
      .set({ reversed_at: Date.UTC(2025, 4, 1) })
      .where("id", "=", reversed)
      .execute();

    // Active members: July–December 2025 are the last six months; 2 members in July, 1 in December, nobody otherwise.
    await rt.deps.db
      .insertInto("active_months")
      .values([
        { month: 202507, user_id: member.id },
        { month: 202507, user_id: author.id },
        { month: 202512, user_id: member.id },
        { month: 202506, user_id: flagger.id },
      ])
      .execute();

    const published = await api<{ period: string }>(backend.token, "POST", "/backoffice/transparency/publish", { period: "2025" });
    expect(published.status).toBe(200);
    const audit = await rt.deps.db.selectFrom("audit_log").selectAll().where("action", "=", "transparency.publish").execute();
    expect(audit).toHaveLength(1);

    const report = await api<TransparencyReport>(undefined, "GET", "/transparency/2025");
    expect(report.status).toBe(200);
    const counts = report.json.data!.counts;
    expect(counts.notices.received).toBe(5);
    expect(counts.notices.by_type).toMatchObject({ underage: 1, spam: 3, scam: 1, threat: 0, other: 0 });
    expect(counts.notices.by_kind).toMatchObject({ media: 1, profile: 2, page: 2, message: 0 });
    expect(counts.notices.by_source).toEqual({ member: 2, guest: 1, trusted_flagger: 2 });
    expect(counts.notices.decided).toBe(5);
    expect(counts.notices.no_action).toBe(2);
    expect(counts.notices.acted_on).toBe(3);
    expect(counts.notices.manifestly_unfounded).toBe(1);
    // 1 h, 3 h, 5 h, 10 h, 720 h: the median is 5 h; the flagger's 1 h and 10 h: 5.5 h.
    expect(counts.notices.median_decision_ms).toBe(5 * HOUR);
    expect(counts.notices.median_decision_ms_trusted_flagger).toBe(5.5 * HOUR);
    expect(counts.decisions.total).toBe(3);
    expect(counts.decisions.by_restriction).toMatchObject({ content_removed: 2, account_suspended: 1, account_terminated: 0 });
    expect(counts.decisions.by_ground).toEqual({ illegal: 2, terms: 1 });
    expect(counts.decisions.by_source).toEqual({ notice: 1, trusted_flagger: 1, own_initiative: 1 });
    expect(counts.decisions.automated_decision).toBe(0);
    expect(counts.appeals.reversed).toBe(1);
    expect(counts.authority_orders).toEqual({ act_against_content: 0, provide_information: 0 });
    // (2 + 0 + 0 + 0 + 0 + 1) / 6 = 0.5, rounded down.
    expect(counts.monthly_active_recipients.months.map((m) => m.recipients)).toEqual([2, 0, 0, 0, 0, 1]);
    expect(counts.monthly_active_recipients.months[0]!.month).toBe("2025-07");
    expect(counts.monthly_active_recipients.average).toBe(0);

    // The half-year: its own window (H1 has the decisions; its six months are January–June: the flagger in June).
    await api(backend.token, "POST", "/backoffice/transparency/publish", { period: "2025-H1" });
    const half = await api<TransparencyReport>(undefined, "GET", "/transparency/2025-H1");
    expect(half.json.data!.counts.notices.received).toBe(4);
    expect(half.json.data!.counts.monthly_active_recipients.months.map((m) => m.recipients)).toEqual([0, 0, 0, 0, 0, 1]);

    const index = await api<TransparencyIndex>(undefined, "GET", "/transparency");
    expect(index.json.data!.periods.map((p) => p.period)).toEqual(["2025", "2025-H1"]);
    expect(index.json.data!.latest!.period).toBe("2025");
  });

  it("publishes for backend staff only, and only ended periods; unknown periods are 404", async () => {
    const member = await signIn(rt, await createUser(rt));
    expect((await api(undefined, "POST", "/backoffice/transparency/publish", { period: "2025" })).status).toBe(401);
    const byMember = await api(member.token, "POST", "/backoffice/transparency/publish", { period: "2025" });
    expect(byMember.status).toBe(403);
    expect(byMember.json.errors![0]!.key).toBe("exception.backoffice.staff_only");
    const byTeam = await api(team.token, "POST", "/backoffice/transparency/publish", { period: "2025" });
    expect(byTeam.status).toBe(403);
    expect(byTeam.json.errors![0]!.key).toBe("exception.backoffice.role_forbidden");
    // The clock stands in November 2026: this year has not ended.
    const early = await api(backend.token, "POST", "/backoffice/transparency/publish", { period: "2026" });
    expect(early.status).toBe(400);
    expect(early.json.errors![0]).toMatchObject({ key: "validation.transparency.period_not_ended", source: "period" });
    const odd = await api(backend.token, "POST", "/backoffice/transparency/publish", { period: "2025-H3" });
    expect(odd.status).toBe(400);
    expect(odd.json.errors![0]).toMatchObject({ key: "validation.transparency.period_invalid", source: "period" });
    expect((await api(undefined, "GET", "/transparency/2019")).status).toBe(404);
    expect((await api(undefined, "GET", "/transparency/2024-H2")).status).toBe(404);
  });

  it("records a signed-in member's month once", async () => {
    const member = await signIn(rt, await createUser(rt));
    await api(member.token, "GET", "/reports");
    await api(member.token, "GET", "/reports");
    const rows = await rt.deps.db.selectFrom("active_months").selectAll().where("user_id", "=", member.id).execute();
    expect(rows).toEqual([{ month: 202611, user_id: member.id }]);
    // Staff are no recipients.
    await api(team.token, "GET", "/backoffice/reports");
    expect(await rt.deps.db.selectFrom("active_months").selectAll().where("user_id", "=", team.id).execute()).toEqual([]);
  });

  it("lets backend staff mark trusted flaggers, whose notices come first with a badge", async () => {
    const flagger = await signIn(rt, await createUser(rt));
    const member = await signIn(rt, await createUser(rt));
    const body = {
      username: flagger.username,
      organisation: "HateAid gGmbH",
      coordinator_reference: "DSC-DE-22-0042",
      starts_on: "2026-01-01",
      ends_on: "2027-12-31",
    };
    const refused = await api(team.token, "POST", "/backoffice/trusted-flaggers", body);
    expect(refused.status).toBe(403);
    expect(refused.json.errors![0]!.key).toBe("exception.backoffice.role_forbidden");
    const backwards = await api(backend.token, "POST", "/backoffice/trusted-flaggers", { ...body, ends_on: "2025-12-31" });
    expect(backwards.status).toBe(400);
    expect(backwards.json.errors![0]).toMatchObject({ key: "validation.transparency.ends_before_start", source: "ends_on" });
    const unknown = await api(backend.token, "POST", "/backoffice/trusted-flaggers", { ...body, username: "nobody_here_at_all" });
    expect(unknown.json.errors![0]).toMatchObject({ key: "validation.transparency.member_unknown", source: "username" });
    const added = await api<TrustedFlagger>(backend.token, "POST", "/backoffice/trusted-flaggers", body);
    expect(added.status).toBe(201);
    expect(added.json.data).toMatchObject({ organisation: "HateAid gGmbH", active: true, notices: 0 });
    expect((await api(backend.token, "POST", "/backoffice/trusted-flaggers", body)).status).toBe(409);
    const trail = await rt.deps.db.selectFrom("audit_log").select("action").where("subject_id", "=", String(added.json.data!.id)).execute();
    expect(trail.map((row) => row.action)).toEqual(["trusted_flagger.add"]);

    // An underage report (priority 1) by a member, then a spam notice (priority 4) by the flagger: the flagger's first.
    const urgent = await fileNotice(member.token, "underage");
    const flagged = await fileNotice(flagger.token, "spam");
    expect(flagged.status).toBe(202);
    const queue = await api<ReportQueue>(team.token, "GET", "/backoffice/reports");
    const ids = queue.json.data!.items.map((item: QueuedReport) => item.id);
    expect(ids.indexOf(flagged.json.data!.id)).toBe(0);
    expect(ids.indexOf(urgent.json.data!.id)).toBeGreaterThan(0);
    expect(queue.json.data!.items[0]!.trusted_flagger).toEqual({ organisation: "HateAid gGmbH" });
    expect(queue.json.data!.items.find((item) => item.id === urgent.json.data!.id)!.trusted_flagger).toBeNull();

    const list = await api<{ items: TrustedFlagger[] }>(backend.token, "GET", "/backoffice/trusted-flaggers");
    expect(list.json.data!.items.find((item) => item.id === added.json.data!.id)!.notices).toBe(1);
    const ended = await api<TrustedFlagger>(backend.token, "POST", `/backoffice/trusted-flaggers/${added.json.data!.id}/end`);
    expect(ended.json.data).toMatchObject({ active: false });
    expect((await api(backend.token, "POST", `/backoffice/trusted-flaggers/${added.json.data!.id}/end`)).status).toBe(409);
    expect((await api(backend.token, "POST", "/backoffice/trusted-flaggers/999999/end")).status).toBe(404);
    // No longer first once the award ended.
    const after = await api<ReportQueue>(team.token, "GET", "/backoffice/reports");
    expect(after.json.data!.items[0]!.id).not.toBe(flagged.json.data!.id);
  });

  it("warns a member after 3 findings of illegal content within 12 months, then suspends after 3 more (Art. 23(1))", async () => {
    const user = await createUser(rt);
    const author = await signIn(rt, user);
    const rule = MISUSE_RULES.illegal_content;
    const actions = () => rt.deps.db.selectFrom("misuse_actions").selectAll().where("user_id", "=", user.id).orderBy("id").execute();
    const now = rt.clock.now();
    // A finding older than 12 months and one on the ground of the terms do not count.
    await statement(user.id, now - rule.windowMs - DAY);
    await statement(user.id, now, { ground: "terms" });
    for (let i = 0; i < rule.threshold - 1; i++) await statement(user.id, now);
    await rt.jobs.runDue();
    expect(await actions()).toEqual([]);
    await statement(user.id, now);
    await rt.jobs.runDue();
    expect((await actions()).map((a) => a.action)).toEqual(["warning"]);
    // Each statement brings its own bell line (statement_issued); the misuse rule adds the warning once.
    const bell = await rt.deps.db
      .selectFrom("notifications")
      .select("event")
      .where("user_id", "=", user.id)
      .where("event", "in", ["misuse_warning", "misuse_suspended"])
      .execute();
    expect(bell.map((row) => row.event)).toEqual(["misuse_warning"]);

    // The count starts anew after the warning.
    rt.clock.advance(1000);
    for (let i = 0; i < rule.threshold - 1; i++) await statement(user.id, rt.clock.now());
    await rt.jobs.runDue();
    expect((await actions()).map((a) => a.action)).toEqual(["warning"]);
    await statement(user.id, rt.clock.now());
    await rt.jobs.runDue();
    const [, suspension] = await actions();
    expect(suspension).toMatchObject({ action: "suspension", rule: "illegal_content" });
    expect(Number(suspension!.ends_at)).toBe(rt.clock.now() + rule.suspensionMs);
    // The suspension is itself a statement of reasons with its end (Art. 17, 23(4)).
    const written = await rt.deps.db
      .selectFrom("statements")
      .selectAll()
      .where("id", "=", suspension!.statement_id!)
      .executeTakeFirstOrThrow();
    expect(written).toMatchObject({ restriction: "account_suspended", ground: "terms", subject_kind: "account", source: "own_initiative" });
    expect(Number(written.ends_at)).toBe(Number(suspension!.ends_at));
    // The facts are in the member's language, the end written as that language writes a day (not YYYY-MM-DD).
    const member = await rt.deps.db.selectFrom("users").select("language").where("id", "=", user.id).executeTakeFirstOrThrow();
    const day = new Intl.DateTimeFormat(member.language, { dateStyle: "long", timeZone: "Europe/Berlin" }).format(Number(written.ends_at));
    expect(written.language).toBe(member.language);
    expect(written.facts).toContain(day);
    expect(written.facts).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // Signed out, and signing in is refused until the end.
    expect((await api(author.token, "GET", "/reports")).status).toBe(401);
    const refused = await login(rt, user.username, user.password);
    expect(refused.status).toBe(403);
    const until = new Date(Number(suspension!.ends_at)).toISOString().slice(0, 10);
    expect(refused.body.errors).toEqual([expect.objectContaining({ key: "exception.transparency.account_suspended", params: { until } })]);
  });

  it("warns a notifier after 3 manifestly unfounded notices, then suspends their notices after 3 more (Art. 23(2))", async () => {
    const notifier = await signIn(rt, await createUser(rt));
    const rule = MISUSE_RULES.unfounded_notices;
    const actions = () => rt.deps.db.selectFrom("misuse_actions").selectAll().where("user_id", "=", notifier.id).orderBy("id").execute();
    async function fileAndDecide(unfounded: boolean) {
      // The member limit is 10 an hour: an hour between the rounds.
      rt.clock.advance(7 * 60 * 1000);
      const filed = await fileNotice(notifier.token);
      expect(filed.status).toBe(202);
      const decided = await api(team.token, "POST", `/backoffice/reports/${filed.json.data!.id}/decide`, {
        outcome: "no_action",
        statement: "Nothing on this page breaks the law or our terms.",
        manifestly_unfounded: unfounded,
      });
      expect(decided.status).toBe(200);
      await rt.jobs.runDue();
    }
    // A notice decided without the mark does not count, and with it only no_action decisions are marked.
    await fileAndDecide(false);
    for (let i = 0; i < rule.threshold - 1; i++) await fileAndDecide(true);
    expect(await actions()).toEqual([]);
    await fileAndDecide(true);
    expect((await actions()).map((a) => a.action)).toEqual(["warning"]);
    for (let i = 0; i < rule.threshold; i++) await fileAndDecide(true);
    const [, suspension] = await actions();
    expect(suspension).toMatchObject({ action: "suspension", rule: "unfounded_notices" });
    const statementRow = await rt.deps.db
      .selectFrom("statements")
      .selectAll()
      .where("id", "=", suspension!.statement_id!)
      .executeTakeFirstOrThrow();
    expect(statementRow).toMatchObject({ restriction: "service_restricted", user_id: notifier.id });

    const refused = await fileNotice(notifier.token);
    expect(refused.status).toBe(403);
    expect(refused.json.errors![0]).toMatchObject({
      key: "exception.transparency.notices_suspended",
      params: { until: new Date(Number(suspension!.ends_at)).toISOString().slice(0, 10) },
    });
    // Signing in still works: only the notices are suspended.
    expect((await api(notifier.token, "GET", "/reports")).status).toBe(200);
    rt.clock.advance(rule.suspensionMs + 1000);
    const fresh = await signIn(rt, { username: notifier.username, password: "correct-horse-1" });
    expect((await fileNotice(fresh.token)).status).toBe(202);
  });

  it("does not count unfounded notices when they are under half of the notifier's decided notices", async () => {
    const notifier = await signIn(rt, await createUser(rt));
    for (let i = 0; i < 7; i++) {
      rt.clock.advance(7 * 60 * 1000);
      const filed = await fileNotice(notifier.token);
      await api(team.token, "POST", `/backoffice/reports/${filed.json.data!.id}/decide`, {
        // 4 acted on, then 3 unfounded: 3 of 7 is under half.
        outcome: i < 4 ? "content_removed" : "no_action",
        statement: "We looked at the page and decided as follows.",
        manifestly_unfounded: i >= 4,
      });
    }
    await rt.jobs.runDue();
    expect(await rt.deps.db.selectFrom("misuse_actions").selectAll().where("user_id", "=", notifier.id).execute()).toEqual([]);
  });

  it("publishes the half-year and the year by the scheduled job in January", async () => {
    await scheduleTransparencyReports(rt.deps);
    const boundary = Date.UTC(rt.clock.now() < Date.UTC(2027, 0, 1) ? 2027 : 2028, 0, 1);
    const job = await rt.deps.db
      .selectFrom("jobs")
      .select(["run_at"])
      .where("job_key", "=", `transparency.publish:${boundary}`)
      .executeTakeFirstOrThrow();
    expect(Number(job.run_at)).toBe(boundary + DAY);
    rt.clock.set(boundary + DAY + 1000);
    await rt.jobs.runDue();
    const year = new Date(boundary).getUTCFullYear() - 1;
    const periods = await rt.deps.db
      .selectFrom("transparency_reports")
      .select(["period", "published_by"])
      .where("period", "like", `${year}%`)
      .orderBy("period")
      .execute();
    expect(periods).toEqual([
      { period: String(year), published_by: null },
      { period: `${year}-H2`, published_by: null },
    ]);
    // The next run waits for the end of June.
    const next = Date.UTC(year + 1, 6, 1);
    expect(
      await rt.deps.db.selectFrom("jobs").select("id").where("job_key", "=", `transparency.publish:${next}`).executeTakeFirst(),
    ).toBeDefined();
  });

  it("serves the public report as JSON without login; other periods are 404", async () => {
    const answer = await rt.request("/api/v2/transparency/2025");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("application/json");
  });
});
