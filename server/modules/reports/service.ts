/**
 * Reports about content on the platform. For now: content removal requests,
 * which anyone may file (no login), limited per IP address so the form
 * cannot be used to flood the moderators' queue or someone's mailbox.
 */
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import type { ContentRemovalRequest } from "../../contract/content-removal";
import { isOverLimit, recordHit, type Window } from "../../lib/rate-limit";
import { contentRemovalReceivedMail } from "./mails";

const HOUR = 60 * 60 * 1000;

/**
 * Not in the spec. Five accepted requests per hour and address is far above
 * what a person files (one request takes up to 20 URLs) and low enough to
 * stop a script.
 */
export const CONTENT_REMOVAL_LIMIT = { windowMs: HOUR, limit: 5, key: "exception.content_removal.exceeded_limit" } as const;

export function contentRemovalWindow(clientIp: string): Window {
  return { bucket: `content-removal:ip:${clientIp}`, windowMs: CONTENT_REMOVAL_LIMIT.windowMs, limit: CONTENT_REMOVAL_LIMIT.limit };
}

export function contentRemovalReference(id: number): string {
  return `CR-${String(id).padStart(6, "0")}`;
}

export interface FiledContentRemoval {
  id: number;
  reference: string;
}

export async function fileContentRemovalRequest(
  deps: ApiDeps,
  input: ContentRemovalRequest,
  context: { clientIp: string; language: string; userId: number | null },
): Promise<FiledContentRemoval> {
  const { db, clock, mailer } = deps;
  const now = clock.now();
  const window = contentRemovalWindow(context.clientIp);
  if (await isOverLimit(db, now, window)) throw fail.tooMany(CONTENT_REMOVAL_LIMIT.key);
  await recordHit(db, now, window);

  const row = await db
    .insertInto("content_removal_requests")
    .values({
      reporter_user_id: context.userId,
      name: input.name,
      email: input.email,
      urls: JSON.stringify(input.urls),
      reason: input.reason,
      description: input.description,
      language: context.language,
      created_at: now,
      resolved_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const reference = contentRemovalReference(row.id);
  await mailer.send(contentRemovalReceivedMail({ to: input.email, reference, language: context.language }));
  return { id: row.id, reference };
}
