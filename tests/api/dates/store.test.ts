/** The dates module's shared reads and writes (ADR 046): what the reviews module builds on. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATE_STATUS } from "#server/contract/dates";
import { appendDateEvent, loadDateForParticipant } from "#server/modules/dates/index";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";

describe(`the dates store (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  it("reads a date only for its two members and appends timeline steps in the caller's transaction", async () => {
    const [client, escort, third] = [await createUser(rt), await createUser(rt, { userType: 2 }), await createUser(rt)];
    const now = rt.clock.now();
    const { id } = await rt.deps.db
      .insertInto("dates")
      .values({
        sender_id: client.id,
        receiver_id: escort.id,
        open_pair_key: `${client.id}:${escort.id}`,
        status: DATE_STATUS.request,
        awaiting_id: escort.id,
        starts_at: now + 3_600_000,
        duration_minutes: 60,
        place_type: "hotel",
        address: "Hotel Adlon, Zimmer 12",
        price: 200,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await loadDateForParticipant(rt.deps.db, id, client.id)).toMatchObject({
      id,
      status: 0,
      starts_at: now + 3_600_000,
      version: 0,
    });
    expect(await loadDateForParticipant(rt.deps.db, id, escort.id)).toMatchObject({ id, address: "Hotel Adlon, Zimmer 12" });
    expect(await loadDateForParticipant(rt.deps.db, id, third.id)).toBeNull();
    expect(await loadDateForParticipant(rt.deps.db, id + 1000, client.id)).toBeNull();

    await rt.deps.db.transaction().execute(async (trx) => {
      await appendDateEvent(trx, { dateId: id, kind: "request", actorId: client.id, at: now });
    });
    // A transaction that fails leaves no step behind.
    await expect(
      rt.deps.db.transaction().execute(async (trx) => {
        await appendDateEvent(trx, { dateId: id, kind: "sender_review", actorId: client.id, payload: { review_id: 1 } });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const events = await rt.deps.db.selectFrom("date_events").select(["kind", "actor_id"]).where("date_id", "=", id).execute();
    expect(events).toEqual([{ kind: "request", actor_id: client.id }]);
  });
});
