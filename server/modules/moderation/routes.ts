/** HTTP of the back office's moderation (ADR 030) and the owner's view of their items under review. */
import { rowIdParam } from "../../api/params";
import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import { decideMedia, decideText, moderationQueue, myModeration } from "./service";
import { moderationOps } from "../../contract/operations/moderation";

/** A path id that is no positive integer (fitting the id column) names nothing: 404, like a missing row. */
const idParam = (raw: string | undefined) => rowIdParam(raw);

const STAFF_NOTE = "Team (10) and backend (9) accounts only: 403 exception.backoffice.staff_only for everyone else.";

export function registerModeration({ v2 }: ModuleContext): void {
  v2.add(
    moderationOps.queue,
    {
      summary: `Photos and profile texts waiting for moderation, oldest first, 20 a page (page=1…; owner=username for one member's items), with the owner and a preview (the proposed text and the published one). ${STAFF_NOTE}`,
      tag: "backoffice",
      auth: "required",
      staff: "queues.decide",
      statuses: [400, 401, 403],
    },
    async (c, { query, user }) => ok(c, await moderationQueue(c.get("deps"), user!.id, query.page, query.owner || undefined)),
  );
  for (const kind of ["media", "texts"] as const) {
    const decide = kind === "media" ? decideMedia : decideText;
    const what =
      kind === "media"
        ? "a waiting photo; it becomes visible to others as its visibility allows"
        : "a waiting profile text; it replaces the published one";
    v2.add(
      moderationOps.decide[kind].accept,
      {
        summary: `Accepts ${what}. The owner is told by e-mail in their language. 404 unknown id, 409 not waiting (decided already). ${STAFF_NOTE}`,
        tag: "backoffice",
        auth: "required",
        staff: "queues.decide",
        statuses: [401, 403, 404, 409],
        claim: { queue: kind === "media" ? "content.media" : "content.text", param: "id" },
      },
      async (c, { user }) => ok(c, await decide(c.get("deps"), user!.id, idParam(c.req.param("id")), null)),
    );
    v2.add(
      moderationOps.decide[kind].reject,
      {
        summary: `Refuses ${kind === "media" ? "a waiting photo" : "a waiting profile text (the published one stays)"} with a reason from the fixed list; the owner is told the decision and the reason by e-mail in their language. 404 unknown id, 409 not waiting. ${STAFF_NOTE}`,
        tag: "backoffice",
        auth: "required",
        staff: "queues.decide",
        statuses: [400, 401, 403, 404, 409],
        claim: { queue: kind === "media" ? "content.media" : "content.text", param: "id" },
      },
      async (c, { body, user }) => ok(c, await decide(c.get("deps"), user!.id, idParam(c.req.param("id")), body.reason)),
    );
  }
  v2.add(
    moderationOps.mine,
    {
      summary:
        "The caller's own items under review: profile texts waiting or refused in the last 30 days (with the reason), how many photos wait, and the photos refused in the last 30 days with the reason.",
      tag: "moderation",
      auth: "required",
    },
    async (c, { user }) => ok(c, await myModeration(c.get("deps"), user!.id)),
  );
}
