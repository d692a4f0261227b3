/**
 * The member's side of KYC (issue 30 item 3, ADR 109): the state, the creator agreement shown and signed, and the
 * sanctions/AML screening through the provider port — started by the signature, asked again by a job when the
 * provider fails, and expired by a job AML_VALID_MONTHS after it cleared. Only escorts and businesses earn and
 * are paid out, so only they have a KYC.
 */
import { createHash, randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { AML_RETRY_ATTEMPTS, KYC_ERRORS, type KycAgreementAnswer, type KycAnswer, type KycSignInput } from "../../contract/kyc";
import { CREATOR_AGREEMENT, CREATOR_AGREEMENT_VERSION } from "../../contract/kyc-agreement";
import { isLanguage, type Language } from "../../contract/locales";
import { USER_TYPE } from "../../contract/users";
import type { Database } from "../../db/schema";
import { amlProvider } from "../../integrations/aml/registry";
import type { AmlAnswer } from "../../integrations/aml/port";
import { enqueueJob } from "../../jobs/queue";
import { hmac } from "../../lib/crypto";
import { notify, publishNotificationHints, type NotificationHints } from "../notifications/index";
import { holdWaitingPayouts, releaseHoldsIfComplete } from "./holds";
import { floorsOf, kycStateOf, screeningValidUntil } from "./state";

/** Escorts and businesses earn and are paid out (as payouts' isEarner). */
function isEarnerType(userType: number): boolean {
  return userType === USER_TYPE.escort || userType === USER_TYPE.business;
}

async function requireEarner(deps: ApiDeps, userId: number) {
  const member = await deps.db
    .selectFrom("users")
    .select(["id", "user_type", "status", "birth_date", "language"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!member || !isEarnerType(member.user_type)) throw fail.forbidden(KYC_ERRORS.notEarner);
  return member;
}

export async function ownKyc(deps: ApiDeps, userId: number): Promise<KycAnswer> {
  await requireEarner(deps, userId);
  return kycStateOf(deps.db, userId, deps.clock.now());
}

/** The agreement's paragraphs exactly as the page shows them, and what is hashed. */
function agreementTextOf(language: Language): { title: string; paragraphs: string[]; sha256: string } {
  const text = CREATOR_AGREEMENT[language];
  const paragraphs = [...text.paragraphs];
  const sha256 = createHash("sha256")
    .update([text.title, ...paragraphs].join("\n\n"), "utf8")
    .digest("hex");
  return { title: text.title, paragraphs, sha256 };
}

export function currentAgreement(language: Language): KycAgreementAnswer {
  const text = agreementTextOf(language);
  return { version: CREATOR_AGREEMENT_VERSION, language, title: text.title, paragraphs: text.paragraphs, text_sha256: text.sha256 };
}

/**
 * POST /kyc/agreement: the member confirms the agreement the page showed (its version, language and hash, which must
 * be the current text: a version published meanwhile is refused, so nobody signs a text they did not see) with their
 * full name. The signature is stored with a keyed hash of the address and the browser; the screening of the name
 * starts at once when none is valid for it.
 */
export async function signAgreement(
  deps: ApiDeps,
  userId: number,
  input: KycSignInput,
  client: { ip: string; userAgent: string },
): Promise<KycAnswer> {
  await requireEarner(deps, userId);
  const language = isLanguage(input.language) ? input.language : null;
  if (!language || input.version !== CREATOR_AGREEMENT_VERSION || agreementTextOf(language).sha256 !== input.text_sha256)
    throw fail.conflict(KYC_ERRORS.agreementChanged);
  const now = deps.clock.now();
  await deps.db
    .insertInto("kyc_signatures")
    .values({
      user_id: userId,
      version: input.version,
      language,
      text_sha256: input.text_sha256,
      full_name: input.full_name,
      ip_hash: hmac(deps.config.appSecret, `kyc-ip:${client.ip}`),
      user_agent: client.userAgent.slice(0, 300),
      signed_at: now,
    })
    .execute();
  const kyc = await kycStateOf(deps.db, userId, now);
  const aml = kyc.steps.find((step) => step.step === "aml")!.state;
  if (aml === "missing" || aml === "expired") return startScreening(deps, userId);
  return kyc;
}

/** A second open screening of a member fails on migration 0097's partial unique index. */
const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message ?? ""));

/**
 * POST /kyc/aml (and after a signature): screens the name of the member's latest signature. Refused while one is open
 * (running, failed and retrying, or a hit waiting for staff) or still valid for that name.
 */
export async function startScreening(deps: ApiDeps, userId: number): Promise<KycAnswer> {
  await requireEarner(deps, userId);
  const now = deps.clock.now();
  const before = await kycStateOf(deps.db, userId, now);
  if (!before.signature) throw fail.conflict(KYC_ERRORS.signFirst);
  const aml = before.steps.find((step) => step.step === "aml")!.state;
  if (aml === "pending" || aml === "review") throw fail.conflict(KYC_ERRORS.screeningOpen);
  if (aml === "done") throw fail.conflict(KYC_ERRORS.screeningValid);
  if (aml === "rejected") throw fail.conflict(KYC_ERRORS.rejected);
  const { floors } = await floorsOf(deps.db, userId);
  const signature = await deps.db
    .selectFrom("kyc_signatures")
    .select(["id", "full_name"])
    .where("user_id", "=", userId)
    .where("id", ">", floors.signature_floor)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  let screeningId: number;
  try {
    const row = await deps.db
      .insertInto("kyc_screenings")
      .values({
        user_id: userId,
        signature_id: signature.id,
        full_name: signature.full_name,
        provider: amlProvider().name,
        reference: `kyc-${randomUUID()}`,
        outcome: "pending",
        created_at: now,
        screened_at: null,
        valid_until: null,
        decision: null,
        decided_by: null,
        decided_at: null,
        reason: null,
        provider_reference: null,
        expiry_handled_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    screeningId = row.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw fail.conflict(KYC_ERRORS.screeningOpen);
    throw err;
  }
  await runScreening(deps, screeningId);
  return kycStateOf(deps.db, userId, deps.clock.now());
}

/**
 * Asks the provider about an open screening and records its answer; the provider is called outside any transaction
 * (it may be slow), the answer recorded by a conditional update (a job and a request at once record it once).
 * Answers "error" when the provider failed: the caller retries (the first time, a job is enqueued for it).
 */
export async function runScreening(deps: ApiDeps, screeningId: number): Promise<AmlAnswer["outcome"] | "closed"> {
  const row = await deps.db.selectFrom("kyc_screenings").selectAll().where("id", "=", screeningId).executeTakeFirst();
  if (!row || row.open !== 1 || (row.outcome !== "pending" && row.outcome !== "error")) return "closed";
  const member = await deps.db.selectFrom("users").select(["birth_date"]).where("id", "=", row.user_id).executeTakeFirst();
  const attempt = Number(row.attempts) + 1;
  let answer: AmlAnswer;
  try {
    answer = await amlProvider().screen(
      { reference: row.reference, fullName: row.full_name, birthDate: member?.birth_date ?? null, country: null },
      attempt,
    );
  } catch (err) {
    answer = { outcome: "error", message: String((err as Error)?.message ?? err) };
  }
  const now = deps.clock.now();
  const hints = await deps.db.transaction().execute(async (trx) => {
    const base = trx
      .updateTable("kyc_screenings")
      .where("id", "=", screeningId)
      .where("open", "=", 1)
      .where("outcome", "in", ["pending", "error"]);
    if (answer.outcome === "error") {
      await base.set({ outcome: "error", attempts: attempt }).execute();
      // The first failure hands the retries to the job runner (its backoff); later ones are the job's own runs.
      if (attempt === 1)
        await enqueueJob(
          trx,
          deps.clock,
          "kyc_screening.retry",
          { screening_id: screeningId },
          { key: `kyc-aml:${screeningId}`, maxAttempts: AML_RETRY_ATTEMPTS, runAt: now + 60_000 },
        );
      deps.log.warn({ screeningId, attempt, message: answer.message }, "kyc: the AML provider did not answer");
      return null;
    }
    if (answer.outcome === "hit") {
      // A hit never rejects by itself: it waits in backend staff's queue (open stays 1).
      await base
        .set({
          outcome: "hit",
          attempts: attempt,
          screened_at: now,
          matches: JSON.stringify(answer.matches),
          provider_reference: answer.providerReference,
        })
        .execute();
      return null;
    }
    const validUntil = screeningValidUntil(now);
    const taken = await base
      .set({
        outcome: "clear",
        attempts: attempt,
        open: 0,
        screened_at: now,
        valid_until: validUntil,
        provider_reference: answer.providerReference,
      })
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return null;
    await scheduleExpiry(trx, deps, screeningId, validUntil);
    return completedIn(trx, deps, row.user_id, now);
  });
  if (hints) await publishNotificationHints(deps, hints);
  return answer.outcome;
}

/** The expiry job of a screening that holds until `validUntil`. */
export async function scheduleExpiry(trx: Transaction<Database>, deps: ApiDeps, screeningId: number, validUntil: number) {
  await enqueueJob(
    trx,
    deps.clock,
    "kyc_screening.expire",
    { screening_id: screeningId },
    { key: `kyc-expire:${screeningId}`, runAt: validUntil },
  );
}

/** After a screening cleared: held payouts go back to the queue and the member is told, if KYC is complete now. */
export async function completedIn(
  trx: Transaction<Database>,
  deps: ApiDeps,
  userId: number,
  now: number,
): Promise<NotificationHints | null> {
  const kyc = await kycStateOf(trx, userId, now);
  if (kyc.state !== "complete") return null;
  await releaseHoldsIfComplete(trx, deps, userId, now);
  return notifyKyc(deps, trx, userId, "complete");
}

/** The bell: the member's KYC changed (complete, or something to do again). */
export function notifyKyc(deps: ApiDeps, trx: Transaction<Database>, userId: number, what: "complete" | "action_needed") {
  return notify(deps, trx, {
    userId,
    event: what === "complete" ? "kyc_complete" : "kyc_action_needed",
    subject: { type: "kyc", id: userId },
    url: "user/kyc",
  });
}

/** The job kyc.aml_screen: the provider failed; ask again (throwing hands the next try to the runner's backoff). */
export async function retryScreening(deps: ApiDeps, screeningId: number): Promise<void> {
  const outcome = await runScreening(deps, screeningId);
  if (outcome === "error") throw new Error(`kyc: AML screening ${screeningId} failed again`);
}

/**
 * The job kyc.expire at a screening's valid_until: the member's KYC ran out. If the screening is still the member's
 * current one, the waiting payouts are held (each with its statement) and the member is told, once.
 */
export async function expireScreening(deps: ApiDeps, screeningId: number): Promise<void> {
  const now = deps.clock.now();
  const hints = await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("kyc_screenings").selectAll().where("id", "=", screeningId).executeTakeFirst();
    if (!row || row.expiry_handled_at !== null || row.valid_until === null || Number(row.valid_until) > now) return null;
    const taken = await trx
      .updateTable("kyc_screenings")
      .set({ expiry_handled_at: now })
      .where("id", "=", screeningId)
      .where("expiry_handled_at", "is", null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return null;
    const kyc = await kycStateOf(trx, row.user_id, now);
    // A newer screening took over (the member was screened again in time): nothing ran out.
    if (kyc.screening?.id !== screeningId || kyc.state !== "expired") return null;
    await holdWaitingPayouts(
      trx,
      row.user_id,
      {
        cause: { reason: "screening_expired", expiredAt: Number(row.valid_until) },
        ground: "terms",
        groundReference: "Creator payout agreement, clause 5 and 6",
        decidedBy: null,
        automated: true,
      },
      now,
    );
    return notifyKyc(deps, trx, row.user_id, "action_needed");
  });
  if (hints) await publishNotificationHints(deps, hints);
}
