/**
 * Claims in every queue, through the real API on both databases (issue 30 item 5, ADR 119, 122): each declared claim
 * scope has a decide route that refuses another holder's item with 409 exception.backoffice.claimed_by_other before
 * anything else happens; of two staff members claiming the same open item at once exactly one wins, in every queue
 * that has open items (the queue load of `npm run seed -- --queues N` provides them); the overview counts them all.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLAIM_MS, type QueueOverview } from "#server/contract/queues";
import { USER_TYPE } from "#server/contract/users";
import { claimScopesOf } from "#server/modules/queues/claims";
import { queueLoadCounts, seedQueueLoad } from "#server/modules/queues/load";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const ITEM = 424_242;
const STATEMENT = "Nach Prüfung kein Verstoß gegen Gesetz oder Nutzungsbedingungen erkennbar.";

/** One decide route of each claim scope, with a body its validation accepts (the claim check runs after it). */
const DECIDE: Record<string, { path: string; body?: unknown }> = {
  "content.media": { path: `/backoffice/media/${ITEM}/accept` },
  "content.text": { path: `/backoffice/texts/${ITEM}/accept` },
  verifications: { path: `/backoffice/verifications/${ITEM}/accept` },
  bundles: { path: `/backoffice/bundles/${ITEM}/accept` },
  blogs: { path: `/backoffice/blogs/${ITEM}/approve` },
  events: { path: `/backoffice/events/${ITEM}/accept` },
  promotions: { path: `/backoffice/promotions/${ITEM}/decide`, body: { decision: "accept" } },
  reports: { path: `/backoffice/reports/${ITEM}/decide`, body: { outcome: "no_action", statement: STATEMENT } },
  blog_comments: { path: `/backoffice/blog-comments/${ITEM}/dismiss`, body: { statement: STATEMENT } },
  "reviews.date": { path: `/backoffice/reviews/date/${ITEM}/decide`, body: { decision: "keep" } },
  "reviews.event": { path: `/backoffice/reviews/event/${ITEM}/decide`, body: { decision: "keep" } },
  appeals: { path: `/backoffice/appeals/${ITEM}/decide`, body: { outcome: "upheld", reasons: STATEMENT } },
  kyc: { path: `/backoffice/kyc/screenings/${ITEM}/clear` },
  payouts: { path: `/backoffice/payouts/${ITEM}/rejected`, body: { reason: "Konto gehört nicht dem Mitglied." } },
};

interface ErrorBody {
  errors?: Array<{ key: string }>;
  claimed_by?: string;
}

describe(`claims in every queue (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let team: { id: number; token: string; username: string };
  let team2: { id: number; token: string };
  let backend: { id: number; token: string };
  let backend2: { id: number; token: string };

  beforeAll(async () => {
    rt = await createTestRuntime();
    const [a, b, c, d] = [
      await createUser(rt, { userType: USER_TYPE.team }),
      await createUser(rt, { userType: USER_TYPE.team }),
      await createUser(rt, { userType: USER_TYPE.backend }),
      await createUser(rt, { userType: USER_TYPE.backend }),
    ];
    team = { ...(await signIn(rt, a)), username: a.username };
    team2 = await signIn(rt, b);
    backend = await signIn(rt, c);
    backend2 = await signIn(rt, d);
  }, 60_000);
  afterAll(async () => await rt?.close());

  const api = (token: string, method: string, path: string, body?: unknown) =>
    callJson<ErrorBody & { data?: unknown }>(rt, token, method, `/api/v2${path}`, body);

  it("names a decide route for every declared claim scope", () => {
    expect(Object.keys(DECIDE).sort()).toEqual([...claimScopesOf(rt.deps).keys()].sort());
  });

  it.each(Object.entries(DECIDE))("%s: the decide route refuses an item another staff member holds", async (scope, route) => {
    const now = rt.clock.now();
    await rt.deps.db
      .insertInto("staff_claims")
      .values({ queue: scope, item_id: ITEM, staff_id: team.id, claimed_at: now, expires_at: now + CLAIM_MS })
      .execute();
    try {
      const refused = await api(backend.token, "POST", route.path, route.body);
      expect(refused.status).toBe(409);
      expect(refused.json.errors?.[0]?.key).toBe("exception.backoffice.claimed_by_other");
      expect(refused.json.claimed_by).toBe(team.username);
      // The batch approval of payouts names many; it refuses a held one the same way.
      if (scope === "payouts") {
        const batch = await api(backend.token, "POST", "/backoffice/payouts/batches", { payout_ids: [ITEM] });
        expect(batch.status).toBe(409);
        expect(batch.json.errors?.[0]?.key).toBe("exception.backoffice.claimed_by_other");
      }
    } finally {
      await rt.deps.db.deleteFrom("staff_claims").where("queue", "=", scope).where("item_id", "=", ITEM).execute();
    }
  });

  it("lets exactly one of two staff members claim an open item at once, in every queue with open items", async () => {
    const load = await seedQueueLoad(rt.deps.db, { total: 100, now: rt.clock.now() - 60_000 });
    expect(load).toMatchObject(queueLoadCounts(100));
    const overview = (await api(backend.token, "GET", "/backoffice/queues")).json.data as QueueOverview;
    const raced: string[] = [];
    for (const [name, declaration] of rt.deps.features.moderationQueues) {
      if (!declaration.open) continue;
      const counted = overview.queues.find((queue) => queue.name === name)!;
      const oldest = await rt.deps.db
        .selectFrom(declaration.open(rt.deps.db).as("open"))
        .select(["open.id", "open.scope"])
        .orderBy("open.since")
        .orderBy("open.id")
        .executeTakeFirst();
      if (!oldest) {
        expect(counted.open).toBe(0);
        continue;
      }
      expect(counted.open).toBeGreaterThan(0);
      // The team may not work the backend's queues (KYC, payouts): two backend accounts race there.
      const backendOnly = declaration.permission === "kyc.manage" || declaration.permission === "money.manage";
      const [first, second] = backendOnly ? [backend, backend2] : [team, team2];
      const body = { queue: oldest.scope, item_id: Number(oldest.id) };
      const answers = await Promise.all([
        api(first.token, "POST", "/backoffice/claims", body),
        api(second.token, "POST", "/backoffice/claims", body),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const rows = await rt.deps.db
        .selectFrom("staff_claims")
        .select("staff_id")
        .where("queue", "=", oldest.scope)
        .where("item_id", "=", Number(oldest.id))
        .execute();
      expect(rows).toHaveLength(1);
      raced.push(name);
    }
    // The load fills these queues; each was raced.
    expect(raced).toEqual(expect.arrayContaining(["content", "reports", "verifications", "bundles", "blogs", "events", "promotions"]));
  });
});
