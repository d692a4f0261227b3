/**
 * Demo data (issue 26): demo_member's plus as a running contract — a renewing 1-month client package whose paid period
 * ends exactly at the users row's member_until, so the contract, the kernel and search agree from the first start.
 */
import { demoIds, type SeedPart } from "../../db/seed/part";
import { addMonths } from "./contract-rules";

export const plusPart: SeedPart = {
  name: "plus",
  async write(chunk) {
    const ids = demoIds(chunk, ["demo_member"]);
    if (!ids) return;
    const [memberId] = ids;
    const user = await chunk.trx.selectFrom("users").select(["is_member", "member_until"]).where("id", "=", memberId).executeTakeFirst();
    if (!user || user.is_member !== 1 || user.member_until === null) return;
    const end = Number(user.member_until);
    const start = addMonths(end, -1);
    await chunk.trx
      .insertInto("memberships")
      .values({
        user_id: memberId,
        package_id: "plus_client_1m",
        status: "running",
        renewable: 1,
        months: 1,
        price_cents: 2990,
        // Concluded a while ago (the withdrawal period is over); the paid period runs to member_until.
        started_at: Math.min(start, chunk.now - 30 * 86_400_000),
        first_term_end: end,
        period_start: start,
        period_end: end,
        cancel_requested_at: null,
        ends_at: null,
        rebill_group: 0,
        payment_method: "CC",
        payment_token: null,
        last_order_id: null,
        created_at: chunk.now,
        updated_at: chunk.now,
      })
      .execute();
  },
};
