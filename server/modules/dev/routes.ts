/**
 * Dev-only endpoints (DEV_ROUTES, on by default outside production): the mail
 * outbox that the dev mailbox page shows. Absent in production: 404.
 */
import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import { DEV_CLOCK_MAX_MINUTES, type DevClock, type OutboxMail } from "../../contract/dev";
import { devOps } from "../../contract/operations/dev";
import { fail } from "../../api/errors";
import { isAdjustable } from "../../lib/clock";

export function registerDev({ v2, deps }: ModuleContext): void {
  // Not registered at all in production: the route answers the ordinary 404
  // and the OpenAPI document does not advertise it.
  if (deps.config.devRoutes === "off") return;
  v2.add(
    devOps.outbox,
    {
      summary: "Dev only: newest mails in the outbox, optionally for one recipient.",
      tag: "dev",
      auth: "optional",
    },
    async (c, { query }) => {
      let q = deps.db.selectFrom("mail_outbox").selectAll().orderBy("id", "desc").limit(query.limit);
      if (query.to) q = q.where("recipient", "=", query.to);
      const rows: OutboxMail[] = await q.execute();
      return ok(c, rows);
    },
  );
  v2.add(
    devOps.clock,
    {
      summary: `Dev only: moves the server's clock ahead by body.minutes (1 to ${DEV_CLOCK_MAX_MINUTES}), so an end-to-end test can let time pass (a date start, its expiry, a check-in). Due jobs run on the next poll. 404 where the clock cannot move.`,
      tag: "dev",
      auth: "optional",
      statuses: [400, 404],
    },
    async (c, { body }) => {
      if (!isAdjustable(deps.clock)) throw fail.notFound();
      deps.clock.advance(body.minutes * 60_000);
      const answer: DevClock = { now: deps.clock.now() };
      return ok(c, answer);
    },
  );
}
