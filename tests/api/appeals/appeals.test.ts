/**
 * Issue 30 item 4 (ADRs 112, 113): a report decided with action is carried out by the module that owns the kind and
 * written as a statement of reasons with an audit row; the affected member (or a notifier, for "no_action") complains
 * once within six months; someone other than the original decider upholds or reverses, and a reversal restores.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppealQueue, OwnAppeal, StatementAppealView } from "#server/contract/appeals";
import { BLOG_STATE } from "#server/contract/blogs";
import { EVENT_STATUS } from "#server/contract/events";
import { MEDIA_STATUS } from "#server/contract/media";
import type { FiledReport, OwnReport, ReportObjectKind } from "#server/contract/reports";
import { USER_TYPE } from "#server/contract/users";
import { createTestRuntime, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { acceptedEventRow, appealActors, DAY, publishedBlogRow } from "./fixtures";
import { insertDate } from "../reviews/date-fixture";

const statement = "Das Profil zeigt Fotos einer anderen Person; das verstößt gegen unsere Regeln.";
const complaint = "Das sind meine eigenen Fotos, ich kann es mit meinem Ausweis belegen.";
const reasons = "Die Fotos gehören nachweislich der Inhaberin des Kontos; die Entscheidung wird aufgehoben.";

describe(`reports decided for real, statements and appeals (${TEST_DB})`, () => {
  let rt: TestRuntime;
  const { freshIp, member, call } = appealActors(() => rt, "198.19");
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  const reportProfile = (reporter: { token: string }, targetId: number, type = "impersonation") =>
    call<FiledReport>("POST", "/reports", {
      token: reporter.token,
      body: {
        kind: "profile",
        object_id: targetId,
        type,
        text: "Diese Fotos gehören einer anderen Person, ich kenne sie.",
        good_faith: true,
      },
    });
  const decide = (staff: { token: string }, reportId: number, outcome: string) =>
    call<OwnReport>("POST", `/backoffice/reports/${reportId}/decide`, { token: staff.token, body: { outcome, statement } });
  const statementOf = (reportId: number) =>
    rt.deps.db.selectFrom("statements").selectAll().where("report_id", "=", reportId).executeTakeFirst();
  const isVisible = async (userId: number) =>
    (await rt.deps.db.selectFrom("profiles").select("is_visible").where("user_id", "=", userId).executeTakeFirstOrThrow()).is_visible;

  it("writes the statement and the audit row with a removal, mails its number, and a second staff member's reversal restores", async () => {
    const [reporter, target, teamA, teamB] = [
      await member(USER_TYPE.client),
      await member(),
      await member(USER_TYPE.team),
      await member(USER_TYPE.team),
    ];
    const filed = await reportProfile(reporter, target.id);
    expect(filed.status).toBe(202);
    const reportId = filed.json.data!.id;
    expect((await decide(teamA, reportId, "content_removed")).status).toBe(200);
    expect(await isVisible(target.id)).toBe(0);

    const written = (await statementOf(reportId))!;
    expect(written).toMatchObject({
      user_id: target.id,
      subject_kind: "profile",
      subject_id: String(target.id),
      restriction: "content_disabled",
      ground: "terms",
      source: "notice",
      decided_by: teamA.id,
      reversed_at: null,
    });
    const audit = await rt.deps.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "report.decide")
      .where("subject_id", "=", String(reportId))
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ outcome: "content_removed", statement_id: written.id });
    await rt.jobs.runDue();
    const mail = await rt.deps.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("recipient", "=", target.email)
      .where("template", "=", "statement_issued")
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`S-${String(written.id).padStart(6, "0")}`);
    expect(mail.text_body).toContain(`/user/statements/${written.id}/appeal`);

    // The appeal page's view: the member's own statement only.
    const view = await call<StatementAppealView>("GET", `/statements/${written.id}/appeal`, { token: target.token });
    expect(view.status).toBe(200);
    expect(view.json.data).toMatchObject({ may_appeal: true, appeal: null, statement: { restriction: "content_disabled" } });
    expect((await call("GET", `/statements/${written.id}/appeal`, { token: reporter.token })).status).toBe(404);
    expect((await call("POST", `/statements/${written.id}/appeal`, { token: reporter.token, body: { text: complaint } })).status).toBe(404);

    const short = await call("POST", `/statements/${written.id}/appeal`, { token: target.token, body: { text: "zu kurz" } });
    expect(short.status).toBe(400);
    expect(short.json.errors![0]).toMatchObject({ key: "validation.appeals.text_too_short", source: "text" });
    const appealed = await call<OwnAppeal>("POST", `/statements/${written.id}/appeal`, { token: target.token, body: { text: complaint } });
    expect(appealed.status).toBe(201);
    const again = await call("POST", `/statements/${written.id}/appeal`, { token: target.token, body: { text: complaint } });
    expect(again.status).toBe(409);
    expect(again.json.errors![0]!.key).toBe("exception.appeals.already_filed");

    // The queue shows it to staff, with who decided; members are refused.
    expect((await call("GET", "/backoffice/appeals", { token: target.token })).status).toBe(403);
    const queue = await call<AppealQueue>("GET", "/backoffice/appeals", { token: teamA.token });
    const queued = queue.json.data!.items.find((item) => item.id === appealed.json.data!.id)!;
    expect(queued).toMatchObject({ may_decide: false, text: complaint, decision: { decided_by: { id: teamA.id }, facts: statement } });

    const appealId = appealed.json.data!.id;
    const byDecider = await call("POST", `/backoffice/appeals/${appealId}/decide`, {
      token: teamA.token,
      body: { outcome: "reversed", reasons },
    });
    expect(byDecider.status).toBe(403);
    expect(byDecider.json.errors![0]!.key).toBe("exception.appeals.original_decider");
    expect(await isVisible(target.id)).toBe(0);

    const reversed = await call<OwnAppeal>("POST", `/backoffice/appeals/${appealId}/decide`, {
      token: teamB.token,
      body: { outcome: "reversed", reasons },
    });
    expect(reversed.status).toBe(200);
    expect(reversed.json.data).toMatchObject({ state: "reversed", reasons });
    expect(await isVisible(target.id)).toBe(1);
    expect((await statementOf(reportId))!.reversed_at).toBe(rt.clock.now());
    expect(
      (await call("POST", `/backoffice/appeals/${appealId}/decide`, { token: teamB.token, body: { outcome: "upheld", reasons } })).status,
    ).toBe(409);
    // The appellant is told: in the bell and by mail, with the reasons.
    const told = await rt.deps.db
      .selectFrom("notifications")
      .selectAll()
      .where("user_id", "=", target.id)
      .where("event", "=", "appeal_decided")
      .execute();
    expect(told).toHaveLength(1);
    const outcomeMail = await rt.deps.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("recipient", "=", target.email)
      .where("template", "=", "appeal_decided")
      .executeTakeFirstOrThrow();
    expect(outcomeMail.text_body).toContain(reasons);
    const trail = await rt.deps.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "appeal.decide")
      .where("subject_id", "=", String(appealId))
      .execute();
    expect(trail).toHaveLength(1);
  });

  it("refuses a complaint six months and a day after the decision, and takes one on the last day", async () => {
    const [reporter, target, team] = [await member(USER_TYPE.client), await member(), await member(USER_TYPE.team)];
    const other = await member();
    const first = (await reportProfile(reporter, target.id)).json.data!.id;
    const second = (await reportProfile(reporter, other.id)).json.data!.id;
    await decide(team, first, "account_restricted");
    await decide(team, second, "account_restricted");
    const late = (await statementOf(first))!;
    const onTime = (await statementOf(second))!;
    const start = rt.clock.now();
    try {
      // Access tokens do not live six months: sign in again at each moment.
      const signedIn = async (user: { username: string; password: string }) => ({
        token: String((await login(rt, user.username, user.password, freshIp())).body.access_token),
      });
      rt.clock.set(start + 184 * DAY);
      const lateTarget = await signedIn(target);
      const refused = await call("POST", `/statements/${late.id}/appeal`, { token: lateTarget.token, body: { text: complaint } });
      expect(refused.status).toBe(400);
      expect(refused.json.errors![0]!.key).toBe("exception.appeals.window_closed");
      const lateView = await call<StatementAppealView>("GET", `/statements/${late.id}/appeal`, { token: lateTarget.token });
      expect(lateView.json.data!.may_appeal).toBe(false);
      rt.clock.set(start + 181 * DAY);
      const onTimeOther = await signedIn(other);
      const onTimeAppeal = await call("POST", `/statements/${onTime.id}/appeal`, { token: onTimeOther.token, body: { text: complaint } });
      expect(onTimeAppeal.status).toBe(201);
    } finally {
      rt.clock.set(start);
    }
  });

  it("carries out a restriction (no reports while it runs) and a reversal lifts it; a ban is lifted too", async () => {
    const [reporter, target, teamA, teamB] = [
      await member(USER_TYPE.client),
      await member(),
      await member(USER_TYPE.team),
      await member(USER_TYPE.team),
    ];
    const reportId = (await reportProfile(reporter, target.id, "spam")).json.data!.id;
    await decide(teamA, reportId, "account_restricted");
    const restricted = (await statementOf(reportId))!;
    expect(restricted).toMatchObject({ restriction: "service_restricted", ends_at: rt.clock.now() + 30 * DAY });
    const refused = await reportProfile(target, reporter.id, "spam");
    expect(refused.status).toBe(403);
    expect(refused.json.errors![0]!.key).toBe("exception.reports.account_restricted");
    const appeal = await call<OwnAppeal>("POST", `/statements/${restricted.id}/appeal`, { token: target.token, body: { text: complaint } });
    await call("POST", `/backoffice/appeals/${appeal.json.data!.id}/decide`, {
      token: teamB.token,
      body: { outcome: "reversed", reasons },
    });
    expect((await reportProfile(target, reporter.id, "spam")).status).toBe(202);

    const banned = await member();
    const banReport = (await reportProfile(reporter, banned.id, "scam")).json.data!.id;
    await decide(teamA, banReport, "account_banned");
    const banStatement = (await statementOf(banReport))!;
    expect(banStatement).toMatchObject({ restriction: "account_terminated", ground: "illegal" });
    const upheld = await rt.deps.db
      .insertInto("appeals")
      .values({
        user_id: banned.id,
        statement_id: banStatement.id,
        report_id: null,
        text: complaint,
        language: "de",
        created_at: rt.clock.now(),
        decided_by: null,
        decided_at: null,
        reasons: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await call("POST", `/backoffice/appeals/${upheld.id}/decide`, { token: teamB.token, body: { outcome: "reversed", reasons } });
    const after = await rt.deps.db.selectFrom("users").select("status").where("id", "=", banned.id).executeTakeFirstOrThrow();
    expect(after.status).toBe("active");
  });

  it("lets a notifier complain about a report decided without action, once; a reversal sends the report back to the queue", async () => {
    const [reporter, target, teamA, teamB, stranger] = [
      await member(USER_TYPE.client),
      await member(),
      await member(USER_TYPE.team),
      await member(USER_TYPE.team),
      await member(USER_TYPE.client),
    ];
    const reportId = (await reportProfile(reporter, target.id)).json.data!.id;
    // Open: nothing to contest yet.
    expect((await call("POST", `/reports/${reportId}/appeal`, { token: reporter.token, body: { text: complaint } })).status).toBe(409);
    await decide(teamA, reportId, "no_action");
    expect(await statementOf(reportId)).toBeUndefined();
    const decidedMail = await rt.deps.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("recipient", "=", reporter.email)
      .where("template", "=", "report_decided")
      .executeTakeFirstOrThrow();
    expect(decidedMail.text_body).toContain("/user/reports");
    expect((await call("POST", `/reports/${reportId}/appeal`, { token: stranger.token, body: { text: complaint } })).status).toBe(404);
    const own = await call<OwnReport>("GET", `/reports/${reportId}`, { token: reporter.token });
    expect(own.json.data!.appeal_until).toBeGreaterThan(rt.clock.now() + 180 * DAY);
    const filed = await call<OwnAppeal>("POST", `/reports/${reportId}/appeal`, { token: reporter.token, body: { text: complaint } });
    expect(filed.status).toBe(201);
    expect((await call("POST", `/reports/${reportId}/appeal`, { token: reporter.token, body: { text: complaint } })).status).toBe(409);
    expect((await call<OwnReport>("GET", `/reports/${reportId}`, { token: reporter.token })).json.data!.appeal).toMatchObject({
      state: "open",
    });
    await call("POST", `/backoffice/appeals/${filed.json.data!.id}/decide`, { token: teamB.token, body: { outcome: "reversed", reasons } });
    const reopened = await rt.deps.db
      .selectFrom("reports")
      .select(["state", "outcome"])
      .where("id", "=", reportId)
      .executeTakeFirstOrThrow();
    expect(reopened).toEqual({ state: "open", outcome: null });
  });

  describe("each kind is removed and restored by the module that owns it", () => {
    async function removeAndRestore(kind: ReportObjectKind, objectId: number) {
      const target = rt.deps.features.reportTargets.get(kind)!;
      expect(target.removeContent).toBeTypeOf("function");
      expect(target.restoreContent).toBeTypeOf("function");
      await rt.deps.db.transaction().execute(async (trx) => {
        await target.removeContent!(rt.deps, trx, objectId, { staffId: 1, reason: statement });
      });
      return async () => rt.deps.db.transaction().execute((trx) => target.restoreContent!(rt.deps, trx, objectId));
    }
    const now = () => rt.clock.now();

    it("blog post: refused, then published again", async () => {
      const author = await member();
      const blog = await rt.deps.db
        .insertInto("blogs")
        .values(publishedBlogRow(author.id, `appeal-${now()}`, now()))
        .returning("id")
        .executeTakeFirstOrThrow();
      const restore = await removeAndRestore("blog", blog.id);
      const state = async () =>
        (await rt.deps.db.selectFrom("blogs").select("state").where("id", "=", blog.id).executeTakeFirstOrThrow()).state;
      expect(await state()).toBe(BLOG_STATE.rejected);
      await restore();
      expect(await state()).toBe(BLOG_STATE.published);
    });

    it("event: refused, then accepted again", async () => {
      const organizer = await member();
      const event = await rt.deps.db
        .insertInto("events")
        .values(acceptedEventRow(organizer.id, `appeal-${now()}`, now()))
        .returning("id")
        .executeTakeFirstOrThrow();
      const restore = await removeAndRestore("event", event.id);
      const status = async () =>
        (await rt.deps.db.selectFrom("events").select("status").where("id", "=", event.id).executeTakeFirstOrThrow()).status;
      expect(await status()).toBe(EVENT_STATUS.rejected);
      await restore();
      expect(await status()).toBe(EVENT_STATUS.accepted);
    });

    it("review: marked removed and left out of the counts, then shown again", async () => {
      const [author, subject] = [await member(USER_TYPE.client), await member()];
      const dateId = await insertDate(rt, author.id, subject.id);
      const review = await rt.deps.db
        .insertInto("date_reviews")
        .values({
          date_id: dateId,
          author_id: author.id,
          subject_id: subject.id,
          party: "person",
          rating: 5,
          recommend: 1,
          profile_match: 1,
          come_again: 1,
          punctuality: "on_time",
          text: "Sehr schön.",
          comment: null,
          commented_at: null,
          created_at: now(),
          published_at: now(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const restore = await removeAndRestore("review", review.id);
      const removedAt = async () =>
        (await rt.deps.db.selectFrom("date_reviews").select("removed_at").where("id", "=", review.id).executeTakeFirstOrThrow()).removed_at;
      expect(await removedAt()).not.toBeNull();
      await restore();
      expect(await removedAt()).toBeNull();
    });

    it("message: left out of the conversation, then back", async () => {
      const [sender, recipient] = [await member(USER_TYPE.client), await member()];
      const [low, high] = [Math.min(sender.id, recipient.id), Math.max(sender.id, recipient.id)];
      const thread = await rt.deps.db
        .insertInto("messenger_threads")
        .values({
          pair_key: `${low}:${high}`,
          starter_id: sender.id,
          other_id: recipient.id,
          last_message_id: null,
          no_thanks_by: null,
          created_at: now(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const message = await rt.deps.db
        .insertInto("messenger_messages")
        .values({
          thread_id: thread.id,
          sender_id: sender.id,
          recipient_id: recipient.id,
          body: "Hallo",
          client_key: null,
          created_at: now(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const restore = await removeAndRestore("message", message.id);
      const removedAt = async () =>
        (await rt.deps.db.selectFrom("messenger_messages").select("removed_at").where("id", "=", message.id).executeTakeFirstOrThrow())
          .removed_at;
      expect(await removedAt()).not.toBeNull();
      // Removed messages cannot be reported again (the recipient no longer sees them).
      expect(
        (
          await call("POST", "/reports", {
            token: recipient.token,
            body: { kind: "message", object_id: message.id, type: "spam", good_faith: true },
          })
        ).status,
      ).toBe(404);
      await restore();
      expect(await removedAt()).toBeNull();
    });

    it("photo: refused with a decision row, then accepted again", async () => {
      const owner = await member();
      const { id: mediaId } = await rt.deps.db
        .insertInto("media")
        .values({
          user_id: owner.id,
          kind: "image",
          visibility: "public",
          status: MEDIA_STATUS.accepted,
          storage_key: `appeal-${TEST_DB}-${now()}`,
          mime_type: "image/jpeg",
          width: 800,
          height: 600,
          bytes: 1000,
          position: 0,
          created_at: now(),
          variant_widths: null,
          duration_ms: null,
          watermark: null,
          price: null,
          publish_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const restore = await removeAndRestore("media", mediaId);
      const status = async () =>
        (await rt.deps.db.selectFrom("media").select("status").where("id", "=", mediaId).executeTakeFirstOrThrow()).status;
      expect(await status()).toBe(MEDIA_STATUS.rejected);
      await restore();
      expect(await status()).toBe(MEDIA_STATUS.accepted);
      expect(
        await rt.deps.db.selectFrom("media_decisions").select("media_id").where("media_id", "=", mediaId).executeTakeFirst(),
      ).toBeUndefined();
    });

    it("every kind with a table has both hooks; kinds by address have neither", () => {
      const withTable: ReportObjectKind[] = [
        "profile",
        "media",
        "message",
        "blog",
        "comment",
        "event",
        "review",
        "event_review",
        "live",
        "recording",
      ];
      for (const kind of withTable) {
        const target = rt.deps.features.reportTargets.get(kind)!;
        expect([kind, typeof target.removeContent, typeof target.restoreContent]).toEqual([kind, "function", "function"]);
      }
      for (const kind of ["date", "page"] as const) expect(rt.deps.features.reportTargets.get(kind)!.removeContent).toBeUndefined();
    });
  });

  it("caps open reports by one reporter against one account, and a member's reports per day", async () => {
    const [reporter, target] = [await member(USER_TYPE.client), await member()];
    const blogs: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const row = await rt.deps.db
        .insertInto("blogs")
        .values({ ...publishedBlogRow(target.id, `cap-${rt.clock.now()}-${i}`, rt.clock.now()), title: `Post ${i}` })
        .returning("id")
        .executeTakeFirstOrThrow();
      blogs.push(row.id);
    }
    const reportBlog = (id: number) =>
      call("POST", "/reports", { token: reporter.token, body: { kind: "blog", object_id: id, type: "spam", good_faith: true } });
    for (const id of blogs.slice(0, 3)) expect((await reportBlog(id)).status).toBe(202);
    const fourth = await reportBlog(blogs[3]!);
    expect(fourth.status).toBe(429);
    expect(fourth.json.errors![0]!.key).toBe("exception.reports.target_limit");

    // The daily cap: 30 hits in a day, spread over hours so the hourly limit (10) never applies.
    const start = rt.clock.now();
    const heavy = await member(USER_TYPE.client);
    try {
      let last = 0;
      for (let i = 0; i < 31; i += 1) {
        if (i % 10 === 0) rt.clock.set(start + (i / 10) * 61 * 60 * 1000);
        last = (
          await call("POST", "/reports", {
            token: heavy.token,
            body: { kind: "profile", object_id: 2_000_000_000, type: "spam", good_faith: true },
          })
        ).status;
      }
      expect(last).toBe(429);
    } finally {
      rt.clock.set(start);
    }
  });
});
