/** HTTP of the queues overview, staff claims and the reviews queue (issue 30 item 5, ADR 119). */
import type { ModuleContext } from "../../api/module-context";
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import { fail } from "../../api/errors";
import { CLAIM_MINUTES, QUEUE_ERRORS, REVIEW_KINDS, REVIEW_QUEUE_PAGE_SIZE, type ReviewKind } from "../../contract/queues";
import { queuesOps } from "../../contract/operations/queues";
import { claimItem, claimNext, queueClaims, releaseClaim } from "./claims";
import { decideReview, reviewQueue } from "./reviews";
import { queueOverview } from "./service";

const PRIVATE = "private, no-store";
const STAFF_NOTE =
  "Team (10) and backend (9) accounts only: 403 exception.backoffice.staff_only for everyone else, role_forbidden for a role the queue is not for.";
const CLAIM_NOTE = `A claim holds the item for ${CLAIM_MINUTES} minutes and renews with each claim or decision by its holder; the queue's decide routes refuse everyone else with 409 exception.backoffice.claimed_by_other (claimed_by, claimed_until) and a decision releases it.`;

const kindOf = (raw: string | undefined): ReviewKind => {
  if (!(REVIEW_KINDS as readonly string[]).includes(raw ?? "")) throw fail.notFound(QUEUE_ERRORS.reviewNotFound);
  return raw as ReviewKind;
};

export function registerQueues({ v2, deps }: ModuleContext): void {
  v2.add(
    queuesOps.overview,
    {
      tag: "backoffice",
      auth: "required",
      staff: "queues.decide",
      summary: `Every back-office queue the caller's role may work, in the manifests' order: its title key, page, open items and when the oldest began waiting (null where the queue cannot count). ${STAFF_NOTE}`,
      statuses: [401, 403],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await queueOverview(deps, user!.id));
    },
  );
  v2.add(
    queuesOps.claims,
    {
      tag: "backoffice",
      auth: "required",
      staff: "queues.decide",
      summary: `The live claims on one queue's items: who holds which item until when. 404 exception.queues.unknown_queue. ${STAFF_NOTE}`,
      statuses: [400, 401, 403, 404],
    },
    async (c, { query, user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, { claims: await queueClaims(deps, user!.id, query.queue) });
    },
  );
  v2.add(
    queuesOps.claim,
    {
      tag: "backoffice",
      auth: "required",
      staff: "queues.decide",
      summary: `Claims (or renews) an open item of a queue for the caller: queue is the claim scope (the queue's name, content.media / content.text, reviews.date / reviews.event). 409 exception.backoffice.claimed_by_other while another staff member holds it; 404 when the item is not open. ${CLAIM_NOTE} ${STAFF_NOTE}`,
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { body, user }) => ok(c, await claimItem(deps, user!.id, body)),
  );
  v2.add(
    queuesOps.next,
    {
      tag: "backoffice",
      auth: "required",
      staff: "queues.decide",
      summary: `"Take next": claims the queue's oldest open item nobody else holds (claim null when there is none). ${CLAIM_NOTE} ${STAFF_NOTE}`,
      statuses: [400, 401, 403, 404],
    },
    async (c, { body, user }) => ok(c, await claimNext(deps, user!.id, body.queue)),
  );
  v2.add(
    queuesOps.release,
    {
      tag: "backoffice",
      auth: "required",
      staff: "queues.decide",
      summary: `Gives the caller's claim back (released false when they held none); 409 while another staff member holds it. ${STAFF_NOTE}`,
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { body, user }) => ok(c, await releaseClaim(deps, user!.id, body)),
  );
  v2.add(
    queuesOps.reviews,
    {
      tag: "backoffice",
      auth: "required",
      staff: "queues.decide",
      summary: `Reported date reviews and date or event reviews a text rule flagged after publication, oldest first, ${REVIEW_QUEUE_PAGE_SIZE} a page. ${STAFF_NOTE}`,
      statuses: [400, 401, 403],
    },
    async (c, { query, user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await reviewQueue(deps, user!.id, query.page));
    },
  );
  v2.add(
    queuesOps.decideReview,
    {
      tag: "backoffice",
      auth: "required",
      staff: "queues.decide",
      summary: `Keeps or removes a queued review (kind date or event). A removal needs the reason the author reads and writes the statement of reasons; a reported review is decided through its reports (reporters and author are told). 404 when it waits in no queue. ${CLAIM_NOTE} ${STAFF_NOTE}`,
      statuses: [400, 401, 403, 404, 409],
      claim: { queue: "reviews.:kind", param: "id" },
    },
    async (c, { body, user }) =>
      ok(
        c,
        await decideReview(deps, user!.id, kindOf(c.req.param("kind")), rowIdParam(c.req.param("id"), QUEUE_ERRORS.reviewNotFound), body),
      ),
  );
}
