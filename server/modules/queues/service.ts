/**
 * The queues overview (issue 30 item 5, ADR 119): every queue a manifest declares that the caller's role may work,
 * with its open count and when its oldest item began waiting. A queue declared later (appeals, KYC) appears here by
 * its declaration alone.
 */
import type { ApiDeps } from "../../api/types";
import type { QueueOverview, QueueSummary } from "../../contract/queues";
import { roleMay } from "../../contract/staff-permissions";
import { requireStaffPermission } from "../access/index";
import type { ModerationQueueDeclaration } from "../manifest";

/** The namespace of a title key when the queue names none: its first segment, as "bundle" of "bundle.backoffice.title". */
const namespaceOf = (declaration: ModerationQueueDeclaration) => declaration.namespace ?? declaration.title.split(".")[0]!;

async function countOf(deps: ApiDeps, declaration: ModerationQueueDeclaration): Promise<Pick<QueueSummary, "open" | "oldest_at">> {
  if (!declaration.open) return { open: null, oldest_at: null };
  const row = await deps.db
    .selectFrom(declaration.open(deps.db).as("open"))
    .select((eb) => [eb.fn.countAll<number | string>().as("n"), eb.fn.min("open.since").as("oldest")])
    .executeTakeFirst();
  const oldest = row?.oldest;
  return { open: Number(row?.n ?? 0), oldest_at: oldest === null || oldest === undefined ? null : Number(oldest) };
}

export async function queueOverview(deps: ApiDeps, staffId: number): Promise<QueueOverview> {
  // Every staff role works some queue; the list then keeps the queues this role may work.
  const role = await requireStaffPermission(deps, staffId, "queues.decide");
  const now = deps.clock.now();
  const mine = [...deps.features.moderationQueues].filter(([, declaration]) => roleMay(role, declaration.permission ?? "queues.decide"));
  const counts = await Promise.all(mine.map(([, declaration]) => countOf(deps, declaration)));
  return {
    queues: mine.map(([name, declaration], index) => ({
      name,
      title: declaration.title,
      namespace: namespaceOf(declaration),
      page: declaration.page ?? `backoffice/${name}`,
      ...counts[index]!,
    })),
    now,
  };
}
