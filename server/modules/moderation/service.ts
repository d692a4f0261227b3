/**
 * The back office's moderation (issue 10 item 4, ADR 030): the queue of photos and profile texts that wait
 * for a team member, oldest first, and the decisions on them. Only team (10) and backend (9) accounts may
 * read or decide (403 for everyone else, checked here on every call). Each decision is taken once (two
 * moderators at once: the second gets 409), and the owner is told by e-mail in their language.
 */
import { recordAudit } from "../audit/index";
import { requireStaffPermission } from "../access/index";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { MEDIA_KIND, MEDIA_STATUS } from "../../contract/media";
import { VIDEO_VARIANT } from "../../contract/media-video";
import {
  interviewKeyOfField,
  isReviewedTextField,
  MODERATED_TEXT_FIELDS,
  QUEUE_PAGE_SIZE,
  TEXT_REVIEW_STATUS,
  textFieldLabel,
  type ModeratedTextField,
  type ModerationDecision,
  type ModerationQueue,
  type MyModeration,
  type QueueItem,
  type RejectionReason,
  type ReviewedTextField,
} from "../../contract/moderation";
import { mediaImageOf } from "../media/index";
import { notify, publishNotificationHints, wantsChannel } from "../notifications/index";
import { recordQueueDecisionStatement } from "../statements/index";
import { moderationDecisionMail } from "./mails";
import { ownRejectedMedia } from "./own-media";
import { ownTextReviews } from "./texts";

/** Owners whose items no longer matter: nobody sees anything of theirs anyway. */
const GONE_STATUSES = ["banned", "deleted"] as const;

/** The moderator, read from the database on every call (a token's user type could be stale). */
async function loadStaff(deps: ApiDeps, userId: number): Promise<{ id: number }> {
  await requireStaffPermission(deps, userId, "queues.decide");
  return { id: userId };
}

/** The queue: waiting photos and texts together, oldest first, QUEUE_PAGE_SIZE a page. */
export async function moderationQueue(deps: ApiDeps, staffId: number, page: number, ownerName?: string): Promise<ModerationQueue> {
  await loadStaff(deps, staffId);
  const take = page * QUEUE_PAGE_SIZE;
  const owner = ownerName ? ownerName.toLowerCase() : null;
  // The owners who no longer matter as an anti-join, and the owner filter as a semi-join: the counts then read only
  // the covering indexes of waiting rows (migration 0109, ADR 122), not each owner's row; the pages join the owners.
  const gone = () =>
    deps.db
      .selectFrom("users")
      .select("users.id")
      .where("users.status", "in", [...GONE_STATUSES]);
  const named = () =>
    deps.db
      .selectFrom("users")
      .select("users.id")
      .where("users.username_key", "=", owner ?? "");
  let mediaOpen = deps.db
    .selectFrom("media")
    .where("media.status", "=", MEDIA_STATUS.pending)
    // Photos, and videos once encoded (a video waits in encoding 3 until its file and poster exist).
    .where("media.kind", "in", [MEDIA_KIND.photo, MEDIA_KIND.video])
    .where("media.user_id", "not in", gone());
  let textOpen = deps.db
    .selectFrom("profile_text_changes")
    .where("profile_text_changes.status", "=", TEXT_REVIEW_STATUS.pending)
    .where("profile_text_changes.user_id", "not in", gone());
  if (owner) {
    mediaOpen = mediaOpen.where("media.user_id", "in", named());
    textOpen = textOpen.where("profile_text_changes.user_id", "in", named());
  }
  const mediaBase = mediaOpen.innerJoin("users", "users.id", "media.user_id");
  const textBase = textOpen.innerJoin("users", "users.id", "profile_text_changes.user_id");
  const [mediaCount, textCount, media, texts] = await Promise.all([
    mediaOpen.select(({ fn }) => fn.countAll<number>().as("n")).executeTakeFirst(),
    textOpen.select(({ fn }) => fn.countAll<number>().as("n")).executeTakeFirst(),
    mediaBase
      .select([
        "media.id",
        "media.created_at",
        "media.visibility",
        "media.is_avatar",
        "media.public_id",
        "media.width",
        "media.height",
        "media.variant_widths",
        "media.kind",
        "users.id as owner_id",
        "users.username",
        "users.user_type",
        "users.language",
      ])
      .orderBy("media.created_at")
      .orderBy("media.id")
      .limit(take)
      .execute(),
    textBase
      .leftJoin("profiles", "profiles.user_id", "profile_text_changes.user_id")
      .select([
        "profile_text_changes.id",
        "profile_text_changes.created_at",
        "profile_text_changes.field",
        "profile_text_changes.value",
        "profiles.profession",
        "profiles.status_text",
        "profiles.description",
        "profiles.interests",
        "users.id as owner_id",
        "users.username",
        "users.user_type",
        "users.language",
      ])
      .orderBy("profile_text_changes.created_at")
      .orderBy("profile_text_changes.id")
      .limit(take)
      .execute(),
  ]);
  // The published interview answers of the owners whose answers wait (the "current" beside the proposal).
  const interviewOwners = [...new Set(texts.filter((row) => interviewKeyOfField(row.field) !== null).map((row) => row.owner_id))];
  const publishedAnswers = interviewOwners.length
    ? await deps.db
        .selectFrom("profile_interviews")
        .select(["user_id", "question_key", "answer"])
        .where("user_id", "in", interviewOwners)
        .execute()
    : [];
  const publishedAnswer = (userId: number, field: string) =>
    publishedAnswers.find((row) => row.user_id === userId && row.question_key === interviewKeyOfField(field))?.answer ?? null;
  const ownerOf = (row: { owner_id: number; username: string; user_type: number; language: string }) => ({
    id: row.owner_id,
    username: row.username,
    user_type: row.user_type,
    language: row.language,
  });
  const items: QueueItem[] = [
    ...media.map((row): QueueItem => ({
      kind: "media",
      id: row.id,
      created_at: Number(row.created_at),
      owner: ownerOf(row),
      visibility: row.visibility,
      is_avatar: row.is_avatar === 1,
      image: mediaImageOf(row),
      video_path: row.kind === MEDIA_KIND.video ? `${mediaImageOf(row).path}/${VIDEO_VARIANT}` : null,
    })),
    ...texts.flatMap((row): QueueItem[] => {
      const field = row.field;
      if (!isReviewedTextField(field)) return [];
      const current =
        interviewKeyOfField(field) === null
          ? ((row as Record<string, unknown>)[MODERATED_TEXT_FIELDS[field as ModeratedTextField]] as string | null)
          : publishedAnswer(row.owner_id, field);
      return [{ kind: "text", id: row.id, created_at: Number(row.created_at), owner: ownerOf(row), field, value: row.value, current }];
    }),
  ].sort((a, b) => a.created_at - b.created_at || (a.kind === b.kind ? a.id - b.id : a.kind === "media" ? -1 : 1));
  return {
    items: items.slice((page - 1) * QUEUE_PAGE_SIZE, take),
    owner: ownerName ?? null,
    page,
    page_size: QUEUE_PAGE_SIZE,
    total: Number(mediaCount?.n ?? 0) + Number(textCount?.n ?? 0),
  };
}

const alreadyDecided = () => new ApiError(409, [errorItem(409, "exception.backoffice.already_decided")]);

/**
 * The acceptance mail. A refusal sends none of its own: its statement of reasons is the one message (bell and mail,
 * naming what was refused and why, linking the statement with its complaint; statements/delivery.ts).
 */
async function tellOwner(
  deps: ApiDeps,
  ownerId: number,
  subject: { kind: "media" } | { kind: "text"; field: ReviewedTextField },
): Promise<void> {
  const owner = await deps.db
    .selectFrom("users")
    .select(["email", "username", "language", "status"])
    .where("id", "=", ownerId)
    .executeTakeFirst();
  if (!owner || owner.status === "deleted") return;
  // The member's choice for moderation decisions by e-mail (ADR 044; on by default, as before issue 12).
  if (!(await wantsChannel(deps.db, ownerId, "moderation", "email"))) return;
  await deps.mailer.send(
    moderationDecisionMail({ to: owner.email, username: owner.username, language: owner.language, subject, accepted: true, reason: null }),
  );
}

/**
 * Accepts (reason null) or refuses a waiting photo. 404 for no such photo, 409 when it is not waiting
 * (decided already, or still uploading or encoding).
 */
export async function decideMedia(
  deps: ApiDeps,
  staffId: number,
  mediaId: number,
  reason: RejectionReason | null,
): Promise<ModerationDecision> {
  const staff = await loadStaff(deps, staffId);
  const status = reason === null ? MEDIA_STATUS.accepted : MEDIA_STATUS.rejected;
  const now = deps.clock.now();
  const decided = await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("media").select(["id", "user_id", "status"]).where("id", "=", mediaId).executeTakeFirst();
    if (!row) throw fail.notFound();
    // The status guard makes the update the lock: of two moderators, only one changes the row.
    const updated = await trx
      .updateTable("media")
      .set({ status })
      .where("id", "=", mediaId)
      .where("status", "=", MEDIA_STATUS.pending)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw alreadyDecided();
    const decision = { user_id: row.user_id, status, reason, decided_by: staff.id, decided_at: now };
    await trx
      .insertInto("media_decisions")
      .values({ media_id: mediaId, ...decision })
      .onConflict((oc) => oc.column("media_id").doUpdateSet(decision))
      .execute();
    if (reason !== null) {
      // The statement's one bell line and mail tell the member (what, why, where to send another photo).
      const statement = { userId: row.user_id, item: "photo", subjectKind: "media", subjectId: mediaId, reason } as const;
      const notice = { item: "photo", url: "user/media_gallery" };
      await recordQueueDecisionStatement(trx, { ...statement, when: "before_publication", decidedBy: staff.id, notice }, now);
    }
    await recordAudit(
      trx,
      {
        actorId: staff.id,
        action: reason === null ? "media.accept" : "media.reject",
        subjectType: "media",
        subjectId: String(mediaId),
        reason,
        before: { status: row.status },
        after: { status, reason },
      },
      now,
    );
    if (reason !== null) return { ownerId: row.user_id, hints: [] };
    const hints = await notify(deps, trx, {
      userId: row.user_id,
      event: "moderation_accepted",
      subject: { type: "media", id: mediaId },
      params: { item: "photo" },
      url: "user/media_gallery",
    });
    return { ownerId: row.user_id, hints };
  });
  await publishNotificationHints(deps, decided.hints);
  if (reason === null) await tellOwner(deps, decided.ownerId, { kind: "media" });
  return { kind: "media", id: mediaId, status, reason };
}

/** Accepts (the text goes public: the profile column takes it) or refuses a waiting text; 404 and 409 as for photos. */
export async function decideText(
  deps: ApiDeps,
  staffId: number,
  changeId: number,
  reason: RejectionReason | null,
): Promise<ModerationDecision> {
  const staff = await loadStaff(deps, staffId);
  const status = reason === null ? TEXT_REVIEW_STATUS.accepted : TEXT_REVIEW_STATUS.rejected;
  const now = deps.clock.now();
  const change = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("profile_text_changes")
      .select(["id", "user_id", "field", "value"])
      .where("id", "=", changeId)
      .executeTakeFirst();
    if (!row || !isReviewedTextField(row.field)) throw fail.notFound();
    const updated = await trx
      .updateTable("profile_text_changes")
      .set({ status, reason, decided_at: now, decided_by: staff.id })
      .where("id", "=", changeId)
      .where("status", "=", TEXT_REVIEW_STATUS.pending)
      // The text the moderator read: if the owner replaced it meanwhile, the new one waits for its own decision.
      .where("value", "=", row.value)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw alreadyDecided();
    const field: ReviewedTextField = row.field;
    const question = interviewKeyOfField(field);
    const place = question === null ? "user/status_description" : "user/interviews";
    if (reason !== null) {
      // The facts name the field ("deine Beschreibung"), as the refusal's own mail did.
      const item = textFieldLabel(field);
      const statement = { userId: row.user_id, item, subjectKind: "profile_text", subjectId: changeId, reason } as const;
      const notice = { item, url: place };
      await recordQueueDecisionStatement(trx, { ...statement, when: "before_publication", decidedBy: staff.id, notice }, now);
    }
    await recordAudit(
      trx,
      {
        actorId: staff.id,
        action: reason === null ? "profile_text.accept" : "profile_text.reject",
        subjectType: "profile_text_change",
        subjectId: String(changeId),
        reason,
        before: { status: TEXT_REVIEW_STATUS.pending, field: row.field },
        after: { status, reason },
      },
      now,
    );
    if (reason === null && question !== null) {
      // An interview answer goes public in profile_interviews (ADR 039), its published place.
      await trx
        .insertInto("profile_interviews")
        .values({ user_id: row.user_id, question_key: question, answer: row.value, updated_at: now })
        .onConflict((oc) => oc.columns(["user_id", "question_key"]).doUpdateSet({ answer: row.value, updated_at: now }))
        .execute();
    } else if (reason === null) {
      await trx
        .updateTable("profiles")
        .set({ [MODERATED_TEXT_FIELDS[field as ModeratedTextField]]: row.value, updated_at: now })
        .where("user_id", "=", row.user_id)
        .execute();
    }
    if (reason !== null) return { userId: row.user_id, field, hints: [] };
    const hints = await notify(deps, trx, {
      userId: row.user_id,
      event: "moderation_accepted",
      subject: { type: "profile_text_change", id: changeId },
      params: { item: question === null ? field : "interview" },
      url: place,
    });
    return { userId: row.user_id, field, hints };
  });
  await publishNotificationHints(deps, change.hints);
  if (reason === null) await tellOwner(deps, change.userId, { kind: "text", field: change.field });
  return { kind: "text", id: changeId, status, reason };
}

/** The owner's own view: texts waiting or lately refused, photos waiting, photos lately refused and why. */
export async function myModeration(deps: ApiDeps, userId: number): Promise<MyModeration> {
  const [texts, pending, rejected] = await Promise.all([
    ownTextReviews(deps, userId),
    deps.db
      .selectFrom("media")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .where("status", "=", MEDIA_STATUS.pending)
      .executeTakeFirst(),
    ownRejectedMedia(deps, userId),
  ]);
  return { texts, media: { pending: Number(pending?.n ?? 0), rejected } };
}
