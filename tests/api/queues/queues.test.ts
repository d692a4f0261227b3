/**
 * The back office's queues as one through the real API on both databases (issue 30 item 5, ADR 119): the overview's
 * counts and oldest ages by role, oldest first, staff claims (a race of two, the 409 naming the holder, expiry,
 * "take next", release), a decide route refusing a decision on another's claim and releasing the decider's, and the
 * reviews queue (reported and flagged reviews; keep; removal with its statement and audit row).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  CLAIM_MS,
  type ClaimedNext,
  type ClaimList,
  type ClaimReleased,
  type QueueOverview,
  type ReviewDecision,
  type ReviewQueue,
  type StaffClaim,
} from "#server/contract/queues";
import type { ReportQueue } from "#server/contract/reports";
import { USER_TYPE } from "#server/contract/users";
import { VERIFICATION_STATUS, type VerificationQueue } from "#server/contract/verification";
import { flagReviewText } from "#server/modules/queues/reviews";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { insertDate } from "../reviews/date-fixture";

interface ErrorBody {
  errors: Array<{ key: string; source?: string; params?: Record<string, unknown> }>;
  claimed_by?: string;
  claimed_until?: number;
}

const MINUTE = 60_000;

describe(`queues, claims and the reviews queue (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let staff: Array<Awaited<ReturnType<typeof createUser>>>;
  let team: { id: number; token: string };
  let team2: { id: number; token: string };
  let backend: { id: number; token: string };
  let member: { id: number; token: string };
  let memberUser: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    rt = await createTestRuntime();
    staff = [
      await createUser(rt, { userType: USER_TYPE.team }),
      await createUser(rt, { userType: USER_TYPE.team }),
      await createUser(rt, { userType: USER_TYPE.backend }),
    ];
    memberUser = await createUser(rt, { userType: USER_TYPE.client });
  }, 60_000);
  // Tests move the clock: fresh sessions for each (a token lives 24 hours).
  beforeEach(async () => {
    team = await signIn(rt, staff[0]!);
    team2 = await signIn(rt, staff[1]!);
    backend = await signIn(rt, staff[2]!);
    member = await signIn(rt, memberUser);
  });
  afterAll(async () => await rt?.close());

  const api = <Body>(token: string | undefined, method: string, path: string, body?: unknown) =>
    callJson<Body & ErrorBody>(rt, token, method, `/api/v2${path}`, body);
  const data = <T>(answer: { json: unknown }) => (answer.json as { data: T }).data;

  /** A pending identity check of a fresh member, submitted `ageMinutes` ago. */
  async function pendingCheck(ageMinutes: number): Promise<number> {
    const owner = await createUser(rt, { userType: USER_TYPE.escort });
    const now = rt.clock.now();
    const row = await rt.deps.db
      .insertInto("verification_checks")
      .values({
        user_id: owner.id,
        kind: "id",
        status: VERIFICATION_STATUS.pending,
        created_at: now - ageMinutes * MINUTE,
        submitted_at: now - ageMinutes * MINUTE,
        due_at: now,
        file_prefix: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  const overview = async (token: string) => data<QueueOverview>(await api(token, "GET", "/backoffice/queues"));
  const queueOf = (answer: QueueOverview, name: string) => answer.queues.find((queue) => queue.name === name);
  const claim = (token: string, queue: string, itemId: number) =>
    api<{ data: StaffClaim }>(token, "POST", "/backoffice/claims", { queue, item_id: itemId });

  it("lists every declared queue the role may work, with its open count and oldest item; members get 403", async () => {
    expect((await api(member.token, "GET", "/backoffice/queues")).status).toBe(403);
    expect((await api(undefined, "GET", "/backoffice/queues")).status).toBe(401);
    const before = queueOf(await overview(team.token), "verifications")!;
    const oldest = await pendingCheck(300);
    await pendingCheck(5);
    const teamView = await overview(team.token);
    const verifications = queueOf(teamView, "verifications")!;
    expect(verifications.open).toBe((before.open ?? 0) + 2);
    expect(verifications.oldest_at).toBe(rt.clock.now() - 300 * MINUTE);
    expect(verifications.page).toBe("backoffice/verifications");
    // Every declared queue, the reviews queue and the content queue's page included; the payout office is backend's.
    const names = teamView.queues.map((queue) => queue.name);
    for (const name of ["content", "bundles", "blogs", "events", "reviews", "blog_comments", "reports", "verifications", "promotions"])
      expect(names).toContain(name);
    expect(names).not.toContain("payouts");
    expect(queueOf(teamView, "content")!.page).toBe("backoffice");
    const backendView = await overview(backend.token);
    expect(backendView.queues.map((queue) => queue.name)).toContain("payouts");
    expect(queueOf(backendView, "payouts")!.open).toBe(0);
    // The list answers the same item first.
    const list = data<VerificationQueue>(await api(team.token, "GET", "/backoffice/verifications"));
    expect(list.items[0]!.id).toBe(oldest);
  });

  it("lets exactly one of two staff members claim an item at once; the other learns who holds it until when", async () => {
    const id = await pendingCheck(10);
    const [a, b] = await Promise.all([claim(team.token, "verifications", id), claim(team2.token, "verifications", id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [won, lost] = a.status === 200 ? [a, b] : [b, a];
    const winner = data<StaffClaim>(won);
    expect(winner.expires_at).toBe(rt.clock.now() + CLAIM_MS);
    expect(lost.json.errors[0]!.key).toBe("exception.backoffice.claimed_by_other");
    expect(lost.json.claimed_by).toBe(winner.staff.username);
    expect(lost.json.claimed_until).toBe(winner.expires_at);
    const rows = await rt.deps.db
      .selectFrom("staff_claims")
      .selectAll()
      .where("queue", "=", "verifications")
      .where("item_id", "=", id)
      .execute();
    expect(rows).toHaveLength(1);
    // The claim is in the audit trail.
    const audit = await rt.deps.db
      .selectFrom("audit_log")
      .select(["action", "actor_id"])
      .where("subject_type", "=", "verifications")
      .where("subject_id", "=", String(id))
      .execute();
    expect(audit).toEqual([{ action: "queues.claim", actor_id: winner.staff.id }]);
  });

  it("refuses a decision on an item another staff member holds, and the holder's decision releases the claim", async () => {
    const id = await pendingCheck(20);
    expect((await claim(team.token, "verifications", id)).status).toBe(200);
    const refused = await api(team2.token, "POST", `/backoffice/verifications/${id}/accept`);
    expect(refused.status).toBe(409);
    expect(refused.json.errors[0]!.key).toBe("exception.backoffice.claimed_by_other");
    const check = await rt.deps.db.selectFrom("verification_checks").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(check.status).toBe(VERIFICATION_STATUS.pending);
    // Claims list shows it as the holder's.
    const listed = data<ClaimList>(await api(team2.token, "GET", "/backoffice/claims?queue=verifications")).claims.find(
      (c) => c.item_id === id,
    )!;
    expect(listed).toMatchObject({ mine: false, staff: { id: team.id } });
    expect((await api(team.token, "POST", `/backoffice/verifications/${id}/accept`)).status).toBe(200);
    expect(
      await rt.deps.db.selectFrom("staff_claims").select("id").where("queue", "=", "verifications").where("item_id", "=", id).execute(),
    ).toEqual([]);
  });

  it("lets a claim expire after CLAIM_MINUTES without activity; claiming again renews it", async () => {
    const id = await pendingCheck(30);
    expect((await claim(team.token, "verifications", id)).status).toBe(200);
    rt.clock.advance(CLAIM_MS - MINUTE);
    const renewed = await claim(team.token, "verifications", id);
    expect(renewed.status).toBe(200);
    expect(data<StaffClaim>(renewed).expires_at).toBe(rt.clock.now() + CLAIM_MS);
    rt.clock.advance(CLAIM_MS - MINUTE);
    expect((await claim(team2.token, "verifications", id)).status).toBe(409);
    rt.clock.advance(2 * MINUTE);
    const taken = await claim(team2.token, "verifications", id);
    expect(taken.status).toBe(200);
    expect(data<StaffClaim>(taken).staff.id).toBe(team2.id);
    expect((await api(team2.token, "POST", `/backoffice/verifications/${id}/reject`, { reason: "document_unreadable" })).status).toBe(200);
  });

  it("takes the oldest open item nobody else holds, and releases only one's own claim", async () => {
    // Everything older than these, from earlier tests, is decided or held: decide it away first.
    const open = data<VerificationQueue>(await api(team.token, "GET", "/backoffice/verifications")).items;
    await rt.deps.db.deleteFrom("staff_claims").execute();
    for (const item of open) await api(backend.token, "POST", `/backoffice/verifications/${item.id}/accept`);
    const older = await pendingCheck(90);
    const newer = await pendingCheck(60);
    expect((await claim(team2.token, "verifications", older)).status).toBe(200);
    const next = data<ClaimedNext>(await api(team.token, "POST", "/backoffice/claims/next", { queue: "verifications" }));
    expect(next.claim).toMatchObject({ queue: "verifications", item_id: newer, mine: true });
    // Again: the same item (the caller's own claim counts as free to them).
    expect(data<ClaimedNext>(await api(team.token, "POST", "/backoffice/claims/next", { queue: "verifications" })).claim?.item_id).toBe(
      newer,
    );
    expect(data<ClaimedNext>(await api(backend.token, "POST", "/backoffice/claims/next", { queue: "verifications" })).claim).toBeNull();
    // team2's claim is not team's to give back.
    expect((await api(team.token, "POST", "/backoffice/claims/release", { queue: "verifications", item_id: older })).status).toBe(409);
    const released = data<ClaimReleased>(
      await api(team2.token, "POST", "/backoffice/claims/release", { queue: "verifications", item_id: older }),
    );
    expect(released.released).toBe(true);
    expect(data<ClaimedNext>(await api(backend.token, "POST", "/backoffice/claims/next", { queue: "verifications" })).claim?.item_id).toBe(
      older,
    );
  });

  it("refuses claims by members, on unknown queues and on items not open", async () => {
    const id = await pendingCheck(1);
    expect((await claim(member.token, "verifications", id)).status).toBe(403);
    expect((await claim(team.token, "nonsense", id)).status).toBe(404);
    expect((await claim(team.token, "Bad Scope", id)).status).toBe(400);
    expect((await claim(team.token, "verifications", 999_999)).status).toBe(404);
    // The payout office is backend's: the team may not claim there.
    expect((await claim(team.token, "payouts", 1)).status).toBe(403);
  });

  describe("the reviews queue", () => {
    async function publishedDateReview(text: string, ageMinutes: number) {
      const author = await createUser(rt, { userType: USER_TYPE.client });
      const subject = await createUser(rt, { userType: USER_TYPE.escort });
      const dateId = await insertDate(rt, author.id, subject.id);
      const now = rt.clock.now();
      const row = await rt.deps.db
        .insertInto("date_reviews")
        .values({
          date_id: dateId,
          author_id: author.id,
          subject_id: subject.id,
          party: "person",
          rating: 4,
          recommend: 1,
          profile_match: 1,
          come_again: 1,
          punctuality: "on_time",
          text,
          comment: null,
          commented_at: null,
          created_at: now - ageMinutes * MINUTE,
          published_at: now - ageMinutes * MINUTE,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { id: Number(row.id), author, subject };
    }

    let reporters = 0;
    async function report(reviewId: number, targetId: number, ageMinutes: number): Promise<number> {
      // One report per reporter and object: each report from another (guest) reporter.
      reporters += 1;
      const row = await rt.deps.db
        .insertInto("reports")
        .values({
          user_id: null,
          reporter_key: `g:queues-${reporters}`,
          reporter_name: null,
          reporter_email: null,
          object_kind: "review",
          object_id: reviewId,
          url: null,
          object_ref: `review:${reviewId}`,
          target_user_id: targetId,
          type: "fake_review",
          priority: 4,
          text: "This date never happened.",
          language: "de",
          created_at: rt.clock.now() - ageMinutes * MINUTE,
          outcome: null,
          statement: null,
          decided_by: null,
          decided_at: null,
          email_token_hash: null,
          email_token_expires_at: null,
          email_confirmed_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return Number(row.id);
    }

    const flag = (review: { id: number; author: { id: number } }, text: string, at = rt.clock.now()) =>
      flagReviewText(rt.deps.db, "date", { id: review.id, author_id: review.author.id, text }, at);
    const reviewIds = async () => data<ReviewQueue>(await api(team.token, "GET", "/backoffice/reviews")).items.map((item) => item.id);
    const reportIds = async () => data<ReportQueue>(await api(team.token, "GET", "/backoffice/reports")).items.map((item) => item.id);

    it("lists flagged reviews oldest first, each once, never a reported one (ADR 128), and counts them in the overview", async () => {
      const reported = await publishedDateReview("Ein sehr netter Abend, gerne wieder.", 500);
      const firstReport = await report(reported.id, reported.author.id, 100);
      await report(reported.id, reported.author.id, 50);
      const flagged = await publishedDateReview("Treffen ohne Gummi war super, sehr zu empfehlen.", 400);
      const older = await publishedDateReview("Auch ohne Gummi, sehr zu empfehlen.", 400);
      expect(await flag(flagged, "Treffen ohne Gummi war super", rt.clock.now() - 200 * MINUTE)).toBe(true);
      expect(await flag(older, "Auch ohne Gummi", rt.clock.now() - 300 * MINUTE)).toBe(true);
      // A second flag of the same review is not a second item.
      expect(await flag(flagged, "ohne Gummi")).toBe(false);
      const queue = data<ReviewQueue>(await api(team.token, "GET", "/backoffice/reviews"));
      const mine = queue.items.filter((item) => [reported.id, flagged.id, older.id].includes(item.id));
      expect(mine.map((item) => [item.id, item.flag])).toEqual([
        [older.id, "prostschg"],
        [flagged.id, "prostschg"],
      ]);
      // The reported review is a notice: it waits in the reports queue, and only there.
      expect(await reportIds()).toContain(firstReport);
      expect(queueOf(await overview(team.token), "reviews")!.open).toBe(queue.total);
      expect((await api(member.token, "GET", "/backoffice/reviews")).status).toBe(403);
    });

    it("moves a flagged review that is reported to the reports queue; kept there, its flag comes back; removed, it is gone", async () => {
      const kept = await publishedDateReview("Ohne Gummi, aber sonst alles bestens.", 60);
      await flag(kept, "Ohne Gummi");
      expect(await reviewIds()).toContain(kept.id);
      const keptReport = await report(kept.id, kept.author.id, 10);
      expect(await reviewIds()).not.toContain(kept.id);
      expect(await reportIds()).toContain(keptReport);
      // Not decided here while the report is open: the notifier must be told, by the report's decision.
      expect((await api(team.token, "POST", `/backoffice/reviews/date/${kept.id}/decide`, { decision: "keep" })).status).toBe(404);
      const decided = await api(team.token, "POST", `/backoffice/reports/${keptReport}/decide`, {
        outcome: "no_action",
        statement: "Die Meldung trifft nicht zu: das Treffen hat stattgefunden.",
      });
      expect(decided.status).toBe(200);
      // The report said nothing of the text rule: its finding waits here again, undecided.
      expect(await reviewIds()).toContain(kept.id);

      const removed = await publishedDateReview("Ohne Gummi, das Treffen gab es nie.", 60);
      await flag(removed, "Ohne Gummi");
      const removedReport = await report(removed.id, removed.author.id, 10);
      const removal = await api(team.token, "POST", `/backoffice/reports/${removedReport}/decide`, {
        outcome: "content_removed",
        statement: "Die Bewertung beschreibt kein stattgefundenes Treffen.",
      });
      expect(removal.status).toBe(200);
      expect(
        (await rt.deps.db.selectFrom("date_reviews").select("removed_at").where("id", "=", removed.id).executeTakeFirstOrThrow())
          .removed_at,
      ).not.toBeNull();
      expect(await reviewIds()).not.toContain(removed.id);
      expect(await reportIds()).not.toContain(removedReport);
      // Unknown kinds are 404.
      expect((await api(team.token, "POST", `/backoffice/reviews/blog/${kept.id}/decide`, { decision: "keep" })).status).toBe(404);
    });

    it("removes a flagged review with a statement of reasons and an audit row in one go; a removal needs a reason", async () => {
      const flagged = await publishedDateReview("Alles ohne Gummi, top Abend gehabt.", 30);
      await flagReviewText(rt.deps.db, "date", { id: flagged.id, author_id: flagged.author.id, text: "ohne Gummi" }, rt.clock.now());
      const path = `/backoffice/reviews/date/${flagged.id}/decide`;
      const short = await api(team.token, "POST", path, { decision: "remove", reason: "kurz" });
      expect(short.status).toBe(400);
      expect(short.json.errors[0]!.source).toBe("reason");
      // Another staff member's claim refuses the decision.
      expect((await claim(team2.token, "reviews.date", flagged.id)).status).toBe(200);
      expect((await api(team.token, "POST", path, { decision: "remove", reason: "Angebot ohne Kondom (ProstSchG § 32)." })).status).toBe(
        409,
      );
      await api(team2.token, "POST", "/backoffice/claims/release", { queue: "reviews.date", item_id: flagged.id });
      const removed = await api(team.token, "POST", path, { decision: "remove", reason: "Angebot ohne Kondom (ProstSchG § 32)." });
      expect(removed.status).toBe(200);
      const decision = data<ReviewDecision>(removed);
      expect(decision.statement_id).toBeGreaterThan(0);
      // Taken down by the reviews module's mark (restorable on appeal, ADR 112), not deleted.
      expect(
        (await rt.deps.db.selectFrom("date_reviews").select("removed_at").where("id", "=", flagged.id).executeTakeFirstOrThrow())
          .removed_at,
      ).not.toBeNull();
      const statement = await rt.deps.db
        .selectFrom("statements")
        .selectAll()
        .where("id", "=", decision.statement_id!)
        .executeTakeFirstOrThrow();
      expect(statement).toMatchObject({ user_id: flagged.author.id, restriction: "content_removed", subject_kind: "review" });
      const audit = await rt.deps.db
        .selectFrom("audit_log")
        .selectAll()
        .where("action", "=", "reviews.remove")
        .where("subject_id", "=", String(flagged.id))
        .execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.before_json!)).toMatchObject({ text: "Alles ohne Gummi, top Abend gehabt." });
      // Decided: a second decision finds nothing to decide.
      expect((await api(team.token, "POST", path, { decision: "keep" })).status).toBe(404);
    });
  });
});
