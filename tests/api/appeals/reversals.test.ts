/**
 * Issue 30 item 4 (DSA Art. 20(4), ADR 113 "Reversals, per decision kind"): an appeal that reverses a decision undoes
 * it — through the real API on both databases. The team's pause (restriction closed with time and reason, the status
 * before it back, a new pause possible), the team's ban (restriction closed), a confirmed warning flag (withdrawn,
 * shown to no escort), a forced fake check, a misuse suspension, and each reported content kind (restored). Deciding
 * an appeal twice is refused; a reversal after the team already ended the decision changes nothing newer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OwnAppeal } from "#server/contract/appeals";
import { BLOG_STATE } from "#server/contract/blogs";
import { EVENT_STATUS } from "#server/contract/events";
import { MEDIA_STATUS } from "#server/contract/media";
import type { FiledReport, ReportObjectKind } from "#server/contract/reports";
import { STATEMENT_KINDS } from "#server/contract/statements";
import { USER_TYPE } from "#server/contract/users";
import { VERIFICATION_STATUS } from "#server/contract/verification";
import { REVERSALS } from "#server/modules/appeals/reversals";
import { recordStatement } from "#server/modules/statements/index";
import { createTestRuntime, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { acceptedEventRow, appealActors, DAY, publishedBlogRow } from "./fixtures";
import { insertDate } from "../reviews/date-fixture";

const REASON = "Gefälschte Fotos mehrfach gemeldet und geprüft.";
const COMPLAINT = "Das sind meine eigenen Fotos, ich kann es mit meinem Ausweis belegen.";
const REASONS = "Die Entscheidung beruhte auf einer Verwechslung; sie wird aufgehoben.";

describe(`appeal reversals undo every decision kind (${TEST_DB})`, () => {
  let rt: TestRuntime;
  const { freshIp, member, call } = appealActors(() => rt, "198.20");
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(async () => {
    await rt.close();
  });
  const now = () => rt.clock.now();

  const statusOf = async (userId: number) =>
    (await rt.deps.db.selectFrom("users").select("status").where("id", "=", userId).executeTakeFirstOrThrow()).status;
  const newestStatement = (userId: number) =>
    rt.deps.db.selectFrom("statements").selectAll().where("user_id", "=", userId).orderBy("id", "desc").executeTakeFirstOrThrow();
  const restrictionsOf = (userId: number) =>
    rt.deps.db.selectFrom("member_restrictions").selectAll().where("user_id", "=", userId).orderBy("id").execute();

  /** Files the complaint as the member (or, for a member who cannot sign in, as the row a reply by mail becomes). */
  async function appeal(statementId: number, appellant: { id: number; token?: string }): Promise<number> {
    if (appellant.token) {
      const filed = await call<OwnAppeal>("POST", `/statements/${statementId}/appeal`, {
        token: appellant.token,
        body: { text: COMPLAINT },
      });
      expect(filed.status, JSON.stringify(filed.json)).toBe(201);
      return filed.json.data!.id;
    }
    const row = await rt.deps.db
      .insertInto("appeals")
      .values({
        user_id: appellant.id,
        statement_id: statementId,
        report_id: null,
        text: COMPLAINT,
        language: "de",
        created_at: now(),
        decided_by: null,
        decided_at: null,
        reasons: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Reverses the appeal as `staff`; a second decision is refused (409) and writes no second audit row. */
  async function reverse(appealId: number, staff: { token: string }) {
    const decided = await call<OwnAppeal>("POST", `/backoffice/appeals/${appealId}/decide`, {
      token: staff.token,
      body: { outcome: "reversed", reasons: REASONS },
    });
    expect(decided.status, JSON.stringify(decided.json)).toBe(200);
    const again = await call("POST", `/backoffice/appeals/${appealId}/decide`, {
      token: staff.token,
      body: { outcome: "reversed", reasons: REASONS },
    });
    expect(again.status).toBe(409);
    const audit = await rt.deps.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "appeal.decide")
      .where("subject_id", "=", String(appealId))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.reason).toBe(REASONS);
    return JSON.parse(audit[0]!.after_json!) as { state: string; reversal: { undone: string } & Record<string, unknown> };
  }

  it("has one reversal for every decision kind, and every statement written names its kind", async () => {
    expect(Object.keys(REVERSALS).sort()).toEqual([...STATEMENT_KINDS].sort());
    const unnamed = await rt.deps.db.selectFrom("statements").select("id").where("kind", "is", null).execute();
    expect(unnamed).toEqual([]);
  });

  it("pause: the reversal closes the restriction with its time and reasons, gives the status back, and a new pause works", async () => {
    const [target, teamA, teamB] = [await member(), await member(USER_TYPE.team), await member(USER_TYPE.team)];
    const paused = await call("POST", `/backoffice/members/${target.id}/pause`, { token: teamA.token, body: { reason: REASON, days: 7 } });
    expect(paused.status, JSON.stringify(paused.json)).toBe(200);
    expect(await statusOf(target.id)).toBe("paused");
    const decision = await newestStatement(target.id);
    expect(decision).toMatchObject({ kind: "member_pause", restriction: "account_suspended" });

    // The member still signs in during the team's pause (ADR 118) and complains.
    const appealId = await appeal(decision.id, target);
    const after = await reverse(appealId, teamB);
    expect(after.reversal).toMatchObject({ undone: "pause_lifted", status: "active" });

    expect(await statusOf(target.id)).toBe("active");
    const [row] = await restrictionsOf(target.id);
    expect(row).toMatchObject({ kind: "pause", lift_reason: REASONS, lifted_by: teamB.id, previous_status: "active" });
    expect(Number(row!.lifted_at)).toBe(now());
    expect((await newestStatement(target.id)).reversed_at).not.toBeNull();

    // The pause's end job later finds it lifted and leaves the account alone.
    const again = await call("POST", `/backoffice/members/${target.id}/pause`, { token: teamA.token, body: { reason: REASON, days: 1 } });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(await statusOf(target.id)).toBe("paused");
  });

  it("pause over the member's own pause: the reversal gives the member's pause back, which they may resume", async () => {
    const [target, teamA, teamB] = [await member(), await member(USER_TYPE.team), await member(USER_TYPE.team)];
    await rt.deps.db.updateTable("users").set({ status: "paused" }).where("id", "=", target.id).execute();
    expect(
      (await call("POST", `/backoffice/members/${target.id}/pause`, { token: teamA.token, body: { reason: REASON, days: 3 } })).status,
    ).toBe(200);
    const decision = await newestStatement(target.id);
    await reverse(await appeal(decision.id, target), teamB);
    expect(await statusOf(target.id)).toBe("paused");
    expect((await restrictionsOf(target.id)).every((row) => row.lifted_at !== null)).toBe(true);
  });

  it("a reversal after the team's unpause is harmless: a newer pause stays", async () => {
    const [target, teamA, teamB] = [await member(), await member(USER_TYPE.team), await member(USER_TYPE.team)];
    expect(
      (await call("POST", `/backoffice/members/${target.id}/pause`, { token: teamA.token, body: { reason: REASON, days: 7 } })).status,
    ).toBe(200);
    const first = await newestStatement(target.id);
    const appealId = await appeal(first.id, target);
    expect((await call("POST", `/backoffice/members/${target.id}/unpause`, { token: teamA.token, body: { reason: REASON } })).status).toBe(
      200,
    );
    expect(
      (await call("POST", `/backoffice/members/${target.id}/pause`, { token: teamA.token, body: { reason: REASON, days: 7 } })).status,
    ).toBe(200);
    const after = await reverse(appealId, teamB);
    expect(after.reversal).toEqual({ undone: "reversed_before" });
    expect(await statusOf(target.id)).toBe("paused");
    const rows = await restrictionsOf(target.id);
    expect(rows.map((row) => row.lifted_at === null)).toEqual([false, true]);
  });

  it("ban: the reversal closes the ban's restriction with its reasons and the account is active again", async () => {
    const [target, teamA, teamB] = [await member(), await member(USER_TYPE.team), await member(USER_TYPE.team)];
    const banned = await call("POST", `/backoffice/members/${target.id}/ban`, { token: teamA.token, body: { reason: REASON } });
    expect(banned.status, JSON.stringify(banned.json)).toBe(200);
    const decision = await newestStatement(target.id);
    expect(decision).toMatchObject({ kind: "member_ban", restriction: "account_terminated" });
    // A banned member cannot sign in: the complaint comes by mail and the team files it.
    const after = await reverse(await appeal(decision.id, { id: target.id }), teamB);
    expect(after.reversal).toMatchObject({ undone: "ban_lifted", status: "active" });
    expect(await statusOf(target.id)).toBe("active");
    const [row] = await restrictionsOf(target.id);
    expect(row).toMatchObject({ kind: "ban", lift_reason: REASONS, lifted_by: teamB.id });
    expect(row!.lifted_at).not.toBeNull();
    // No open restriction is left: a new ban is possible (not 409 already_banned).
    expect((await call("POST", `/backoffice/members/${target.id}/ban`, { token: teamA.token, body: { reason: REASON } })).status).toBe(200);
  });

  it("warning flag: the reversal withdraws it (no escort sees it) and records why", async () => {
    const [client, teamA, teamB] = [await member(USER_TYPE.client), await member(USER_TYPE.team), await member(USER_TYPE.team)];
    const escorts = [await member(), await member(), await member()];
    for (const escort of escorts) {
      await rt.deps.db
        .insertInto("verification_checks")
        .values({
          user_id: escort.id,
          kind: "id",
          status: VERIFICATION_STATUS.verified,
          code: null,
          code_expires_at: null,
          file_prefix: null,
          created_at: now(),
          submitted_at: now(),
          due_at: null,
          decided_at: now(),
          decided_by: teamA.id,
          reason: null,
          files_deleted_at: null,
          reset_at: null,
        })
        .execute();
      const filed = await call("POST", "/reports", {
        token: escort.token,
        body: { kind: "profile", object_id: client.id, type: "violence", text: "Beim Treffen ist etwas passiert.", good_faith: true },
      });
      expect(filed.status, JSON.stringify(filed.json)).toBe(202);
    }
    expect((await call("POST", `/backoffice/warnings/${client.id}`, { token: teamA.token, body: { outcome: "confirm" } })).status).toBe(
      200,
    );
    const warned = async () =>
      (await call<{ warned: boolean }>("GET", `/warnings/members/${client.id}`, { token: escorts[0]!.token })).json.data!.warned;
    expect(await warned()).toBe(true);
    const decision = await newestStatement(client.id);
    expect(decision).toMatchObject({ kind: "warning_flag", restriction: "service_restricted" });
    const flag = await rt.deps.db.selectFrom("warning_flags").selectAll().where("statement_id", "=", decision.id).executeTakeFirstOrThrow();

    const after = await reverse(await appeal(decision.id, client), teamB);
    expect(after.reversal).toEqual({ undone: "warning_withdrawn", flag_id: flag.id });
    expect(await warned()).toBe(false);
    const withdrawn = await rt.deps.db.selectFrom("warning_flags").selectAll().where("id", "=", flag.id).executeTakeFirstOrThrow();
    expect(withdrawn).toMatchObject({ state: "lifted", lift_reason: REASONS });
    expect(Number(withdrawn.lifted_at)).toBe(now());
    // The client's own page no longer shows an entry, and the decided reports do not queue them again.
    expect((await call<{ flagged: boolean }>("GET", "/warnings/me", { token: client.token })).json.data!.flagged).toBe(false);
  });

  it("forced fake check: the reversal ends the demand, lists the profile again and gives the webcam check back", async () => {
    const [target, teamA, teamB] = [await member(), await member(USER_TYPE.team), await member(USER_TYPE.team)];
    const check = await rt.deps.db
      .insertInto("verification_checks")
      .values({
        user_id: target.id,
        kind: "webcam",
        status: VERIFICATION_STATUS.verified,
        code: null,
        code_expires_at: null,
        file_prefix: null,
        created_at: now() - DAY,
        submitted_at: now() - DAY,
        due_at: null,
        decided_at: now() - DAY,
        decided_by: teamA.id,
        reason: null,
        files_deleted_at: null,
        reset_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const forced = await call("POST", `/backoffice/members/${target.id}/force-fake-check`, {
      token: teamA.token,
      body: { reason: REASON },
    });
    expect(forced.status, JSON.stringify(forced.json)).toBe(200);
    const profile = () =>
      rt.deps.db.selectFrom("profiles").select(["is_visible", "verified_at"]).where("user_id", "=", target.id).executeTakeFirstOrThrow();
    expect(await profile()).toMatchObject({ is_visible: 0, verified_at: null });
    const decision = await newestStatement(target.id);
    expect(decision.kind).toBe("fake_check");

    const after = await reverse(await appeal(decision.id, target), teamB);
    expect(after.reversal).toEqual({ undone: "fake_check_lifted" });
    expect(await profile()).toEqual({ is_visible: 1, verified_at: now() - DAY });
    const user = await rt.deps.db.selectFrom("users").select("forced_fake_check").where("id", "=", target.id).executeTakeFirstOrThrow();
    expect(user.forced_fake_check).toBe(0);
    const webcam = await rt.deps.db
      .selectFrom("verification_checks")
      .select("reset_at")
      .where("id", "=", check.id)
      .executeTakeFirstOrThrow();
    expect(webcam.reset_at).toBeNull();
  });

  it("misuse suspension (Art. 23): the reversal ends it, and the member signs in again", async () => {
    const [target, teamB] = [await member(), await member(USER_TYPE.team)];
    const endsAt = now() + 30 * DAY;
    const statementId = await rt.deps.db.transaction().execute(async (trx) => {
      const id = await recordStatement(
        trx,
        {
          kind: "misuse_suspension",
          userId: target.id,
          subjectKind: "account",
          subjectId: target.id,
          restriction: "account_suspended",
          ground: "terms",
          groundReference: "terms:general",
          facts: "Content of this account was again found illegal.",
          source: "own_initiative",
          endsAt,
          language: "de",
          decidedBy: null,
        },
        now(),
      );
      await trx
        .insertInto("misuse_actions")
        .values({ rule: "illegal_content", action: "suspension", user_id: target.id, ends_at: endsAt, statement_id: id, created_at: now() })
        .execute();
      return id;
    });
    expect((await login(rt, target.username, target.password, freshIp())).status).toBe(403);
    // The platform decided (decided_by null): any staff member may decide the complaint.
    const after = await reverse(await appeal(statementId, { id: target.id }), teamB);
    expect(after.reversal).toEqual({ undone: "suspension_ended" });
    expect((await login(rt, target.username, target.password, freshIp())).status).toBe(200);
  });

  it("queue refusal: a photo the moderation queue refused is accepted by the reversal", async () => {
    const [owner, teamA, teamB] = [await member(), await member(USER_TYPE.team), await member(USER_TYPE.team)];
    const { id } = await rt.deps.db
      .insertInto("media")
      .values({
        user_id: owner.id,
        kind: "image",
        visibility: "public",
        status: MEDIA_STATUS.pending,
        storage_key: `reversal-queue-${TEST_DB}-${now()}-${owner.id}`,
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
    const refused = await call("POST", `/backoffice/media/${id}/reject`, { token: teamA.token, body: { reason: "third_party" } });
    expect(refused.status, JSON.stringify(refused.json)).toBe(200);
    const status = async () =>
      (await rt.deps.db.selectFrom("media").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
    expect(await status()).toBe(MEDIA_STATUS.rejected);
    const decision = await newestStatement(owner.id);
    expect(decision).toMatchObject({ kind: "queue_refusal", subject_kind: "media", restriction: "content_disabled" });
    const after = await reverse(await appeal(decision.id, owner), teamB);
    expect(after.reversal).toEqual({ undone: "content_restored", subject: "media", object_id: id });
    expect(await status()).toBe(MEDIA_STATUS.accepted);
  });

  describe("each reported content kind comes back when its removal is reversed", () => {
    type Fixture = { objectId: number; type: string; reporter: { token: string }; removed: () => Promise<boolean> };
    const blogRow = (authorId: number) => publishedBlogRow(authorId, `reversal-${now()}-${authorId}`, now());

    const fixtures: Record<
      // event_review: its removal and restoration are walked in tests/api/events-attendance/review-removal.test.ts.
      Exclude<ReportObjectKind, "date" | "live" | "recording" | "page" | "event_review">,
      (owner: { id: number }) => Promise<Fixture>
    > = {
      profile: async (owner) => ({
        objectId: owner.id,
        type: "impersonation",
        reporter: await member(USER_TYPE.client),
        removed: async () =>
          (await rt.deps.db.selectFrom("profiles").select("is_visible").where("user_id", "=", owner.id).executeTakeFirstOrThrow())
            .is_visible === 0,
      }),
      media: async (owner) => {
        const { id } = await rt.deps.db
          .insertInto("media")
          .values({
            user_id: owner.id,
            kind: "image",
            visibility: "public",
            status: MEDIA_STATUS.accepted,
            storage_key: `reversal-${TEST_DB}-${now()}-${owner.id}`,
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
        return {
          objectId: id,
          type: "other",
          reporter: await member(USER_TYPE.client),
          removed: async () =>
            (await rt.deps.db.selectFrom("media").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status ===
            MEDIA_STATUS.rejected,
        };
      },
      blog: async (owner) => {
        const { id } = await rt.deps.db.insertInto("blogs").values(blogRow(owner.id)).returning("id").executeTakeFirstOrThrow();
        return {
          objectId: id,
          type: "spam",
          reporter: await member(USER_TYPE.client),
          removed: async () =>
            (await rt.deps.db.selectFrom("blogs").select("state").where("id", "=", id).executeTakeFirstOrThrow()).state !==
            BLOG_STATE.published,
        };
      },
      comment: async (owner) => {
        const blogAuthor = await member();
        const blog = await rt.deps.db.insertInto("blogs").values(blogRow(blogAuthor.id)).returning("id").executeTakeFirstOrThrow();
        const { id } = await rt.deps.db
          .insertInto("blog_comments")
          .values({
            blog_id: blog.id,
            author_id: owner.id,
            parent_id: null,
            body: "Ein Kommentar.",
            created_at: now(),
            edited_at: null,
            deleted_at: null,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        return {
          objectId: id,
          type: "spam",
          reporter: await member(USER_TYPE.client),
          removed: async () =>
            (await rt.deps.db.selectFrom("blog_comments").select("deleted_at").where("id", "=", id).executeTakeFirstOrThrow())
              .deleted_at !== null,
        };
      },
      event: async (owner) => {
        const { id } = await rt.deps.db
          .insertInto("events")
          .values(acceptedEventRow(owner.id, `reversal-${now()}-${owner.id}`, now()))
          .returning("id")
          .executeTakeFirstOrThrow();
        return {
          objectId: id,
          type: "spam",
          reporter: await member(USER_TYPE.client),
          removed: async () =>
            (await rt.deps.db.selectFrom("events").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status ===
            EVENT_STATUS.rejected,
        };
      },
      review: async (owner) => {
        const subject = await member();
        const dateId = await insertDate(rt, owner.id, subject.id);
        const { id } = await rt.deps.db
          .insertInto("date_reviews")
          .values({
            date_id: dateId,
            author_id: owner.id,
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
        return {
          objectId: id,
          type: "fake_review",
          reporter: subject,
          removed: async () =>
            (await rt.deps.db.selectFrom("date_reviews").select("removed_at").where("id", "=", id).executeTakeFirstOrThrow()).removed_at !==
            null,
        };
      },
      message: async (owner) => {
        const recipient = await member(USER_TYPE.client);
        const [low, high] = [Math.min(owner.id, recipient.id), Math.max(owner.id, recipient.id)];
        const thread = await rt.deps.db
          .insertInto("messenger_threads")
          .values({
            pair_key: `${low}:${high}`,
            starter_id: owner.id,
            other_id: recipient.id,
            last_message_id: null,
            no_thanks_by: null,
            created_at: now(),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        const { id } = await rt.deps.db
          .insertInto("messenger_messages")
          .values({
            thread_id: thread.id,
            sender_id: owner.id,
            recipient_id: recipient.id,
            body: "Hallo",
            client_key: null,
            created_at: now(),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        return {
          objectId: id,
          type: "spam",
          reporter: recipient,
          removed: async () =>
            (await rt.deps.db.selectFrom("messenger_messages").select("removed_at").where("id", "=", id).executeTakeFirstOrThrow())
              .removed_at !== null,
        };
      },
    };

    for (const [kind, fixture] of Object.entries(fixtures)) {
      it(`${kind}: removed on a report, restored by the reversal`, async () => {
        const [owner, teamA, teamB] = [
          await member(kind === "review" ? USER_TYPE.client : USER_TYPE.escort),
          await member(USER_TYPE.team),
          await member(USER_TYPE.team),
        ];
        const { objectId, type, reporter, removed } = await fixture(owner);
        const filed = await call<FiledReport>("POST", "/reports", {
          token: reporter.token,
          body: { kind, object_id: objectId, type, text: "Das verstößt gegen die Regeln.", good_faith: true },
        });
        expect(filed.status, JSON.stringify(filed.json)).toBe(202);
        const decided = await call("POST", `/backoffice/reports/${filed.json.data!.id}/decide`, {
          token: teamA.token,
          body: { outcome: "content_removed", statement: REASON },
        });
        expect(decided.status, JSON.stringify(decided.json)).toBe(200);
        expect(await removed()).toBe(true);
        const decision = await newestStatement(owner.id);
        expect(decision.kind).toBe("report_decision");

        const after = await reverse(await appeal(decision.id, owner), teamB);
        expect(after.reversal).toMatchObject({ undone: "content_restored", subject: kind });
        expect(await removed()).toBe(false);
      });
    }
  });
});
