/** Live streams for the chat's tests, written as rows (the streams part's API creates them; its own tests cover that). */
import type { LiveAudience, LiveState } from "#server/contract/live";
import type { TestRuntime } from "../../helpers/runtime";

export async function insertStream(
  rt: TestRuntime,
  creatorId: number,
  options: { state?: LiveState; audience?: LiveAudience; price?: number | null } = {},
): Promise<number> {
  const now = rt.clock.now();
  const state = options.state ?? "live";
  const row = await rt.deps.db
    .insertInto("live_streams")
    .values({
      creator_id: creatorId,
      title: "Fragen und Antworten",
      category: "chat",
      audience: options.audience ?? "logged_in",
      price: options.price ?? null,
      ingest: "browser",
      state,
      end_reason: state === "ended" ? "creator" : null,
      city_id: null,
      scheduled_at: null,
      started_at: state === "scheduled" ? null : now,
      ended_at: state === "ended" ? now : null,
      producer_seen_at: state === "live" ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
