/**
 * Issue 30 item 5: every staff action leaves exactly one row in the audit trail. The walk reads every mutating
 * back-office operation from the OpenAPI document, prepares a valid target for it (FIXTURES, keyed "METHOD path"),
 * tries it first as members of every kind (and as the team where the matrix does not let it: 403 each), then calls
 * it as a role the matrix allows and checks exactly one new audit_log row: that actor, the call's time, an action
 * and subject, the reason the body gave, a before or an after. Every operation needs a fixture (the first test
 * fails without one): add it below, grouped by module, as a function that returns the path's params and the body.
 */
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOG_STATE } from "#server/contract/blogs";
import { BUNDLE_STATUS } from "#server/contract/creators";
import { EVENT_STATUS } from "#server/contract/events";
import { MEDIA_STATUS } from "#server/contract/media";
import { REJECTION_REASONS, TEXT_REVIEW_STATUS } from "#server/contract/moderation";
import { roleMay } from "#server/contract/staff-permissions";
import { USER_TYPE } from "#server/contract/users";
import { VERIFICATION_REJECTION_REASONS } from "#server/contract/verification";
import { CREATOR_AGREEMENT_VERSION } from "#server/contract/kyc-agreement";
import { MEMBER_PAUSE_DAYS } from "#server/contract/members";
import { AD_IMAGE_FIELD } from "#server/contract/ads";
import { WARNING_MIN_REPORTERS } from "#server/contract/warnings";
import { currentAgreement } from "#server/modules/kyc/service";
import { flagReviewText } from "#server/modules/queues/reviews";
import { callJson } from "../../helpers/api-call";
import { freshIp } from "../../helpers/auth";
import { completeKyc, verifyAge, verifyIdentity } from "../../helpers/kyc";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { createSepaDebitProvider } from "#server/integrations/payments/bank-providers";
import { dollarOperations, postOperation } from "#server/modules/ledger/index";
import { camt053, insertInvoice, insertOrder } from "../accounting/helpers";
import { payingOrder } from "../bank/bank-fixtures";
import { insertDate } from "../reviews/date-fixture";
import { backofficeOperations, filledPath, isMutating, type StaffOperation } from "./openapi-staff";

interface Target {
  params?: Record<string, string | number>;
  body?: unknown;
  /** A multipart operation's form, made anew for each call (a FormData body is read once). */
  form?: () => FormData;
}
interface Context {
  rt: TestRuntime;
  /** A fresh escort for each fixture that needs an owner. */
  escort(): Promise<{ id: number; username: string; password: string; token: string }>;
  /** A fresh signed-in account of another kind (a client to warn, a staff member who decided first). */
  member(userType: number): Promise<{ id: number; username: string; password: string; token: string }>;
  backendToken(): Promise<string>;
  /** The walk's team member, signed in: for a target the team itself must hold (its own claim, which a release gives back). */
  teamToken(): Promise<string>;
}
type Fixture = (ctx: Context) => Promise<Target>;

const now = (ctx: Context) => ctx.rt.clock.now();

async function pendingMedia(ctx: Context): Promise<number> {
  const owner = await ctx.escort();
  const row = await ctx.rt.deps.db
    .insertInto("media")
    .values({
      user_id: owner.id,
      kind: "photo",
      visibility: "public",
      status: MEDIA_STATUS.pending,
      storage_key: `walk/${randomUUID()}.jpg`,
      mime_type: "image/jpeg",
      width: 640,
      height: 480,
      bytes: 1000,
      position: 1,
      created_at: now(ctx),
      variant_widths: null,
      duration_ms: null,
      watermark: null,
      price: null,
      publish_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function pendingText(ctx: Context): Promise<number> {
  const owner = await ctx.escort();
  const row = await ctx.rt.deps.db
    .insertInto("profile_text_changes")
    .values({
      user_id: owner.id,
      field: "description",
      value: "Ein neuer Text über mich.",
      status: TEXT_REVIEW_STATUS.pending,
      created_at: now(ctx),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function pendingBundle(ctx: Context): Promise<number> {
  const owner = await ctx.escort();
  const row = await ctx.rt.deps.db
    .insertInto("bundles")
    .values({
      creator_id: owner.id,
      title: "Sommer",
      price: 10,
      status: BUNDLE_STATUS.pending,
      rejection_reason: null,
      cover_media_id: null,
      created_at: now(ctx),
      updated_at: now(ctx),
      published_at: now(ctx),
      decided_at: null,
      deleted_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function blogOf(ctx: Context, authorId: number, state: number): Promise<number> {
  const row = await ctx.rt.deps.db
    .insertInto("blogs")
    .values({
      author_id: authorId,
      category: "advice",
      slug: `walk-${randomUUID().slice(0, 8)}`,
      title: "Ein Rat",
      body: "[]",
      state,
      rejection_reason: null,
      cover_media_id: null,
      lat: null,
      lon: null,
      created_at: now(ctx),
      updated_at: now(ctx),
      published_at: state === BLOG_STATE.published ? now(ctx) : null,
      submitted_at: now(ctx),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function pendingEvent(ctx: Context): Promise<number> {
  const owner = await ctx.escort();
  const city = await ctx.rt.deps.db
    .selectFrom("cities")
    .select(["id", "slug", "name", "country_code", "lat", "lon"])
    .limit(1)
    .executeTakeFirstOrThrow();
  const starts = now(ctx) + 7 * 86_400_000;
  const row = await ctx.rt.deps.db
    .insertInto("events")
    .values({
      organizer_id: owner.id,
      category: "party",
      slug: `walk-${randomUUID().slice(0, 8)}`,
      title: "Sommerfest",
      description: "Ein Fest im Garten.",
      status: EVENT_STATUS.pending,
      rejection_reason: null,
      starts_at: starts,
      ends_at: starts + 3_600_000,
      time_zone: "Europe/Berlin",
      city_id: city.id,
      city_slug: city.slug,
      city_name: city.name,
      country_code: city.country_code,
      lat: city.lat,
      lon: city.lon,
      max_attendees: null,
      cover_media_id: null,
      created_at: now(ctx),
      updated_at: now(ctx),
      decided_at: null,
      cancelled_at: null,
      submitted_at: now(ctx),
      first_accepted_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An open report of `object`, by a member (a fresh escort unless `reporterId` names one). */
async function openReport(
  ctx: Context,
  object: { kind: string; id: number; targetUserId: number },
  options: { reporterId?: number; type?: string } = {},
): Promise<number> {
  const reporterId = options.reporterId ?? (await ctx.escort()).id;
  const row = await ctx.rt.deps.db
    .insertInto("reports")
    .values({
      user_id: reporterId,
      reporter_key: null,
      reporter_name: null,
      reporter_email: null,
      object_kind: object.kind,
      object_id: object.id,
      url: null,
      object_ref: `${object.kind}:${object.id}`,
      target_user_id: object.targetUserId,
      type: options.type ?? "spam",
      priority: 3,
      text: "Das ist Werbung.",
      language: "de",
      created_at: now(ctx),
      outcome: null,
      statement: null,
      decided_by: null,
      decided_at: null,
      email_token_hash: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function reportedComment(ctx: Context): Promise<number> {
  const author = await ctx.escort();
  const blog = await blogOf(ctx, author.id, BLOG_STATE.published);
  const comment = await ctx.rt.deps.db
    .insertInto("blog_comments")
    .values({
      blog_id: blog,
      author_id: author.id,
      parent_id: null,
      body: "Kauft hier!",
      created_at: now(ctx),
      edited_at: null,
      deleted_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await openReport(ctx, { kind: "comment", id: comment.id, targetUserId: author.id });
  return comment.id;
}

async function pendingVerification(ctx: Context): Promise<number> {
  const owner = await ctx.escort();
  const row = await ctx.rt.deps.db
    .insertInto("verification_checks")
    .values({
      user_id: owner.id,
      kind: "id",
      status: 1,
      code: null,
      code_expires_at: null,
      file_prefix: `verification/${randomUUID()}`,
      created_at: now(ctx),
      submitted_at: now(ctx),
      due_at: now(ctx) + 240 * 60_000,
      decided_at: null,
      decided_by: null,
      reason: null,
      files_deleted_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function pendingPromotion(ctx: Context): Promise<number> {
  const owner = await ctx.escort();
  const row = await ctx.rt.deps.db
    .insertInto("promotions")
    .values({
      user_id: owner.id,
      type: "profile",
      request_key: randomUUID(),
      status: "pending",
      code: null,
      price: 0,
      operation_id: null,
      starts_at: null,
      ends_at: null,
      created_at: now(ctx),
      text: "Neu in Bonn",
      media_id: null,
      decided_by: null,
      decided_at: null,
      refund_operation_id: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function paidOrder(ctx: Context) {
  const member = await ctx.escort();
  const order = await insertOrder(ctx.rt, member.id, { gross: 2990 });
  await insertInvoice(ctx.rt, order, member.id);
  return order;
}

const promoBody = () => ({
  code: `WALK${Math.floor(Math.random() * 1e6)}`,
  kind: "percent",
  value: 20,
  goods: "membership",
  valid_from: null,
  valid_until: null,
  max_redemptions: 100,
  max_per_member: 1,
});

async function createdPromo(ctx: Context): Promise<number> {
  const answer = await callJson<{ data: { id: number } }>(
    ctx.rt,
    await ctx.backendToken(),
    "POST",
    "/api/v2/backoffice/accounting/promo-codes",
    promoBody(),
  );
  return answer.json.data.id;
}

/** Queues a refund by bank transfer (the law's way back for a transfer payment): what a transfer file then carries. */
async function queuedRefundTransfer(ctx: Context): Promise<void> {
  const member = await ctx.escort();
  const order = await insertOrder(ctx.rt, member.id, { gross: 2500, method: "TR" });
  const answer = await callJson(
    ctx.rt,
    await ctx.backendToken(),
    "POST",
    "/api/v2/backoffice/bank/refund-transfers",
    refundTransferBody(order.publicId),
  );
  expect(answer.status).toBe(200);
}
const refundTransferBody = (orderRef: string) => ({
  order_ref: orderRef,
  iban: "DE02120300000000202051",
  holder: "Erika Mustermann",
  amount_cents: 2500,
  reason: "Widerruf",
});

/** A statement line no order matched, and an open order it can be assigned to. */
async function unmatchedLine(ctx: Context): Promise<{ lineId: number; orderRef: string }> {
  const member = await ctx.escort();
  const order = await insertOrder(ctx.rt, member.id, { gross: 4200, method: "TR", status: "open", paidAt: null });
  const remittance = `Walk ${randomUUID().slice(0, 8)}`;
  const token = await ctx.backendToken();
  await callJson(ctx.rt, token, "POST", "/api/v2/backoffice/accounting/bank/statements", {
    xml: camt053(4200, remittance, `WALK-${randomUUID()}`),
  });
  const lines = await callJson<{ data: { items: Array<{ id: number; remittance: string | null }> } }>(
    ctx.rt,
    token,
    "GET",
    "/api/v2/backoffice/accounting/bank/unmatched",
  );
  const line = lines.json.data.items.find((l) => l.remittance === remittance);
  return { lineId: line!.id, orderRef: order.publicId };
}

const SECURE_CODE = "481516";

/** A payout an escort asked for (secure code, an IBAN past its 48-hour block, dollars to pay out): its id. */
async function requestedPayout(ctx: Context): Promise<number> {
  const escort = await ctx.escort();
  const call = (token: string, method: string, path: string, body: unknown) =>
    callJson<{ data: { payout: { id: number } } }>(ctx.rt, token, method, path, body);
  await call(escort.token, "POST", "/api/v2/payouts/secure-code", { code: SECURE_CODE, code_confirm: SECURE_CODE });
  await call(escort.token, "PUT", "/api/v2/payouts/bank-account", {
    iban: "DE89370400440532013000",
    holder: "Anna Müller",
    bic: "",
    secure_code: SECURE_CODE,
  });
  ctx.rt.clock.advance(48 * 3_600_000 + 1);
  const grant = dollarOperations.grant(escort.id, 200);
  await postOperation(ctx.rt.deps, {
    key: `walk-grant:${randomUUID()}`,
    kind: "GRANT",
    currency: "dollar",
    actorId: null,
    transfers: grant.transfers,
  });
  // A payout needs a complete KYC (ADR 109).
  await completeKyc(ctx.rt, escort.id);
  const again = await signIn(ctx.rt, escort, freshIp());
  const answer = await call(again.token, "POST", "/api/v2/payouts", { amount: 100, secure_code: SECURE_CODE, key: randomUUID() });
  expect(answer.status).toBe(200);
  return answer.json.data.payout.id;
}

/** Payouts approved into a file (marked sent when `sent`): the file's id. */
async function payoutBatch(ctx: Context, payoutId: number, sent: boolean): Promise<number> {
  const token = await ctx.backendToken();
  const batch = await callJson<{ data: { id: number } }>(ctx.rt, token, "POST", "/api/v2/backoffice/payouts/batches", {
    payout_ids: [payoutId],
  });
  if (sent) await callJson(ctx.rt, token, "POST", `/api/v2/backoffice/payouts/batches/${batch.json.data.id}/sent`, {});
  return batch.json.data.id;
}

/** A direct-debit order the bank has not collected yet: what a collection file then carries. */
async function directDebitOrder(ctx: Context): Promise<void> {
  const member = await ctx.escort();
  const provider = createSepaDebitProvider(ctx.rt.deps.config, () => ctx.rt.clock.now());
  await payingOrder(ctx.rt, {
    userId: member.id,
    grossCents: 2990,
    method: "DD",
    provider: "sepa",
    reference: async (orderRef) =>
      (
        await provider.start({
          orderRef,
          amountCents: 2990,
          currency: "EUR",
          method: "DD",
          description: "x",
          language: "de",
          returnUrl: "http://velora.test/de/buy/status",
          notifyUrl: "http://velora.test/api/v2/payment/postback/sepa",
          customer: { name: "Max", email: "max@example.test", country: "DE" },
          bankAccount: { iban: "DE91 1000 0000 0123 4567 89", holder: "Jürgen Müller" },
        })
      ).providerReference,
  });
}

/** A staff call a fixture makes to prepare its target (the object the walked operation then acts on): must succeed. */
async function prepared<Data>(ctx: Context, token: string, method: string, path: string, body?: unknown): Promise<Data> {
  const answer = await callJson<{ data: Data }>(ctx.rt, token, method, path, body ?? {});
  expect(answer.status, `${method} ${path} ${JSON.stringify(answer.json)}`).toBeLessThan(300);
  return answer.json.data;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// --- notifications: announcements ---

/** An announcement running now (created by backend staff): its id. */
async function runningAnnouncement(ctx: Context): Promise<number> {
  await prepared(ctx, await ctx.backendToken(), "POST", "/api/v2/backoffice/announcements", announcementBody("Wartung heute Nacht"));
  const row = await ctx.rt.deps.db.selectFrom("announcements").select("id").orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
  return row.id;
}
const announcementBody = (text: string) => ({ severity: "info", text_de: text, text_en: "", text_es: "", text_pl: "", url: "", days: 1 });

// --- appeals ---

/**
 * A notifier's open complaint about their report that another team member decided "no action": whoever the walk
 * decides it as, they did not take the contested decision (DSA Art. 20(6)).
 */
async function openAppeal(ctx: Context): Promise<number> {
  const reporter = await ctx.escort();
  const target = await ctx.escort();
  const decider = await ctx.member(USER_TYPE.team);
  const reportId = await openReport(ctx, { kind: "profile", id: target.id, targetUserId: target.id }, { reporterId: reporter.id });
  await prepared(ctx, decider.token, "POST", `/api/v2/backoffice/reports/${reportId}/decide`, {
    outcome: "no_action",
    statement: "Das Profil verstößt gegen keine Regel.",
  });
  const appeal = await prepared<{ id: number }>(ctx, reporter.token, "POST", `/api/v2/reports/${reportId}/appeal`, {
    text: "Das Profil ist eindeutig Werbung für etwas anderes.",
  });
  return appeal.id;
}

// --- queues: claims ---

/** The team's own claim on a pending bundle (the bundles queue): what a release gives back. */
async function claimedBundle(ctx: Context): Promise<number> {
  const id = await pendingBundle(ctx);
  await prepared(ctx, await ctx.teamToken(), "POST", "/api/v2/backoffice/claims", { queue: "bundles", item_id: id });
  return id;
}

// --- queues: reviews ---

/** A published date review a text rule flagged (ProstSchG § 32 terms): waiting in the reviews queue. */
async function flaggedDateReview(ctx: Context): Promise<number> {
  const author = await ctx.member(USER_TYPE.client);
  const subject = await ctx.escort();
  const dateId = await insertDate(ctx.rt, author.id, subject.id);
  const text = "Treffen ohne Gummi, sehr zu empfehlen.";
  const row = await ctx.rt.deps.db
    .insertInto("date_reviews")
    .values({
      date_id: dateId,
      author_id: author.id,
      subject_id: subject.id,
      party: "person",
      rating: 4,
      recommend: 1,
      profile_match: 1,
      come_again: 1,
      punctuality: "on_time",
      text,
      comment: null,
      commented_at: null,
      created_at: now(ctx),
      published_at: now(ctx),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  expect(await flagReviewText(ctx.rt.deps.db, "date", { id, author_id: author.id, text }, now(ctx))).toBe(true);
  return id;
}

// --- kyc ---

/** An escort whose agreement the AML fake screened as a hit (the `zzhit` name marker): the open screening's id. */
async function amlHit(ctx: Context): Promise<number> {
  const escort = await ctx.escort();
  await verifyIdentity(ctx.rt, escort.id);
  await verifyAge(ctx.rt, escort.id);
  const agreement = currentAgreement("de");
  const signed = await prepared<{ state: string; screening: { id: number } | null }>(ctx, escort.token, "POST", "/api/v2/kyc/agreement", {
    version: CREATOR_AGREEMENT_VERSION,
    language: "de",
    text_sha256: agreement.text_sha256,
    full_name: "Max zzhit Mustermann",
    confirm: true,
  });
  expect(signed.state).toBe("review");
  return signed.screening!.id;
}

/** An escort with a complete KYC: what staff expire or reset. */
async function kycDoneEscort(ctx: Context): Promise<number> {
  const escort = await ctx.escort();
  await completeKyc(ctx.rt, escort.id);
  return escort.id;
}

// --- editors: landing pages, info and legal pages ---

const landingBody = (shortUrl: string) => ({
  short_url: shortUrl,
  user_type: "escort",
  city: "bremen",
  gender: "2",
  title_de: "Escort Damen in Bremen",
  description_de: "Begleitung in Bremen: geprüfte Profile.",
  intro_de: "Willkommen in Bremen.",
});
const freshShortUrl = () => `walk-${randomUUID().slice(0, 8)}`;

async function landingPage(ctx: Context): Promise<number> {
  const page = await prepared<{ id: number }>(
    ctx,
    await ctx.backendToken(),
    "POST",
    "/api/v2/backoffice/landing-pages",
    landingBody(freshShortUrl()),
  );
  return page.id;
}

const pageBody = (title: string) => ({
  title,
  description: "Wer hinter der Seite steht.",
  markdown: `## ${title}\n\nVelora GmbH`,
  reason: "Anschrift geändert",
});

// --- members ---

const MEMBER_REASON = "Wiederholte Verstöße gegen die Regeln";

async function memberActedOn(ctx: Context, action: "ban" | "pause"): Promise<number> {
  const member = await ctx.escort();
  const body = action === "pause" ? { reason: MEMBER_REASON, days: MEMBER_PAUSE_DAYS[0] } : { reason: MEMBER_REASON };
  await prepared(ctx, await ctx.backendToken(), "POST", `/api/v2/backoffice/members/${member.id}/${action}`, body);
  return member.id;
}

// --- transparency: trusted flaggers ---

const flaggerBody = (ctx: Context, username: string) => ({
  username,
  organisation: "HateAid gGmbH",
  coordinator_reference: `DSC-${randomUUID().slice(0, 8)}`,
  starts_on: dayOf(now(ctx)),
  ends_on: dayOf(now(ctx) + 365 * 86_400_000),
});

// --- warnings ---

/** A client whom WARNING_MIN_REPORTERS verified escorts reported for violence: waiting in the team's warning queue. */
async function reportedClient(ctx: Context) {
  const client = await ctx.member(USER_TYPE.client);
  for (let i = 0; i < WARNING_MIN_REPORTERS; i++) {
    const escort = await ctx.escort();
    await verifyIdentity(ctx.rt, escort.id);
    await openReport(ctx, { kind: "profile", id: client.id, targetUserId: client.id }, { reporterId: escort.id, type: "violence" });
  }
  return client;
}

/** A confirmed warning its client objected to: the open objection's id. */
async function openObjection(ctx: Context): Promise<number> {
  const client = await reportedClient(ctx);
  await prepared(ctx, await ctx.backendToken(), "POST", `/api/v2/backoffice/warnings/${client.id}`, { outcome: "confirm" });
  await prepared(ctx, client.token, "POST", "/api/v2/warnings/me/objection", {
    text: "Ich habe bei keinem Treffen Gewalt angewandt und immer bezahlt.",
  });
  const row = await ctx.rt.deps.db.selectFrom("warning_objections").select("id").where("user_id", "=", client.id).executeTakeFirstOrThrow();
  return row.id;
}

/** A reported missing translation key, open. */
async function missingKey(ctx: Context): Promise<number> {
  const row = await ctx.rt.deps.db
    .insertInto("missing_translation_keys")
    .values({
      language: "en",
      namespace: "common",
      key: `walk.${randomUUID().slice(0, 8)}`,
      count: 1,
      first_seen_at: now(ctx),
      last_seen_at: now(ctx),
      fixed_at: null,
      fixed_by: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Every mutating back-office operation's target. Keyed as the OpenAPI document names it: "METHOD path". */
// --- ads ---
const AD_CAMPAIGN = { name: "Walk campaign", starts_on: "2026-11-01", page_keys: "search" };
const AD_CREATIVE = {
  size: "320x100",
  headline: "Walk",
  target_url: "/de/events",
  alt_de: "Anzeige",
  alt_en: "Ad",
  alt_es: "Anuncio",
  alt_pl: "Reklama",
};

const walkPartner = () => ({
  name: "Walk partner",
  code: `WALK${randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase()}`,
  email: "walk@example.test",
});

async function adCampaign(ctx: Context): Promise<{ id: number; creatives: Array<{ id: number }> }> {
  const token = await ctx.backendToken();
  const campaign = await prepared<{ id: number }>(ctx, token, "POST", "/api/v2/backoffice/ads/campaigns", AD_CAMPAIGN);
  return prepared(ctx, token, "POST", `/api/v2/backoffice/ads/campaigns/${campaign.id}/creatives`, AD_CREATIVE);
}

const FIXTURES: Record<string, Fixture> = {
  // --- notifications: announcements ---
  "POST /api/v2/backoffice/announcements": async () => ({ body: announcementBody("Wartung heute Nacht") }),
  "POST /api/v2/backoffice/announcements/{id}": async (ctx) => ({
    params: { id: await runningAnnouncement(ctx) },
    body: announcementBody("Wartung morgen Nacht"),
  }),
  "POST /api/v2/backoffice/announcements/{id}/end": async (ctx) => ({ params: { id: await runningAnnouncement(ctx) } }),

  // --- appeals ---
  "POST /api/v2/backoffice/appeals/{id}/decide": async (ctx) => ({
    params: { id: await openAppeal(ctx) },
    body: { outcome: "upheld", reasons: "Die Meldung wurde zu Recht ohne Maßnahme abgeschlossen." },
  }),

  // --- queues: claims and the reviews queue ---
  "POST /api/v2/backoffice/claims": async (ctx) => ({ body: { queue: "bundles", item_id: await pendingBundle(ctx) } }),
  "POST /api/v2/backoffice/claims/next": async (ctx) => {
    await pendingBundle(ctx);
    return { body: { queue: "bundles" } };
  },
  "POST /api/v2/backoffice/claims/release": async (ctx) => ({ body: { queue: "bundles", item_id: await claimedBundle(ctx) } }),
  "POST /api/v2/backoffice/reviews/{kind}/{id}/decide": async (ctx) => ({
    params: { kind: "date", id: await flaggedDateReview(ctx) },
    body: { decision: "remove", reason: "Angebot ohne Kondom (ProstSchG § 32)." },
  }),

  // --- kyc ---
  "POST /api/v2/backoffice/kyc/members/{id}/expire": async (ctx) => ({
    params: { id: await kycDoneEscort(ctx) },
    body: { reason: "Der Ausweis ist abgelaufen" },
  }),
  "POST /api/v2/backoffice/kyc/members/{id}/reset": async (ctx) => ({
    params: { id: await kycDoneEscort(ctx) },
    body: { reason: "Falscher Name in der Vereinbarung" },
  }),
  "POST /api/v2/backoffice/kyc/screenings/{id}/clear": async (ctx) => ({ params: { id: await amlHit(ctx) } }),
  "POST /api/v2/backoffice/kyc/screenings/{id}/reject": async (ctx) => ({
    params: { id: await amlHit(ctx) },
    body: { reason: "Dieselbe Person wie der gelistete Eintrag" },
  }),

  // --- editors: landing pages, info and legal pages ---
  "POST /api/v2/backoffice/landing-pages": async () => ({ body: landingBody(freshShortUrl()) }),
  "POST /api/v2/backoffice/landing-pages/{id}": async (ctx) => ({
    params: { id: await landingPage(ctx) },
    body: { ...landingBody(freshShortUrl()), title_de: "Neuer Titel" },
  }),
  "POST /api/v2/backoffice/landing-pages/{id}/active": async (ctx) => ({ params: { id: await landingPage(ctx) }, body: { active: false } }),
  "POST /api/v2/backoffice/pages/{section}/{key}/{language}": async () => ({
    params: { section: "legal", key: "imprint", language: "de" },
    body: pageBody("Impressum neu"),
  }),
  "POST /api/v2/backoffice/pages/{section}/{key}/{language}/restore": async (ctx) => {
    // Publishing once stores the file's text as version 1 and the new one as 2: version 1 is there to restore.
    await prepared(ctx, await ctx.backendToken(), "POST", "/api/v2/backoffice/pages/legal/payment/de", pageBody("Zahlung neu"));
    return { params: { section: "legal", key: "payment", language: "de" }, body: { version: 1, reason: "Zurück zur Fassung 1" } };
  },

  // --- members ---
  "POST /api/v2/backoffice/members/{id}/ban": async (ctx) => ({ params: { id: (await ctx.escort()).id }, body: { reason: MEMBER_REASON } }),
  "POST /api/v2/backoffice/members/{id}/unban": async (ctx) => ({
    params: { id: await memberActedOn(ctx, "ban") },
    body: { reason: "Der Bann war ein Irrtum" },
  }),
  "POST /api/v2/backoffice/members/{id}/pause": async (ctx) => ({
    params: { id: (await ctx.escort()).id },
    body: { reason: MEMBER_REASON, days: MEMBER_PAUSE_DAYS[0] },
  }),
  "POST /api/v2/backoffice/members/{id}/unpause": async (ctx) => ({
    params: { id: await memberActedOn(ctx, "pause") },
    body: { reason: "Die Pause ist nicht mehr nötig" },
  }),
  "POST /api/v2/backoffice/members/{id}/sign-out": async (ctx) => ({
    params: { id: (await ctx.escort()).id },
    body: { reason: "Sitzung auf fremdem Gerät" },
  }),
  "POST /api/v2/backoffice/members/{id}/reset-verification": async (ctx) => {
    const member = await ctx.escort();
    await verifyIdentity(ctx.rt, member.id);
    return { params: { id: member.id }, body: { reason: "Ausweis gehört einer anderen Person", kind: "id" } };
  },

  // --- transparency ---
  "POST /api/v2/backoffice/transparency/publish": async (ctx) => ({
    // The calendar year before the clock's: an ended period.
    body: { period: String(new Date(now(ctx)).getUTCFullYear() - 1) },
  }),
  "POST /api/v2/backoffice/trusted-flaggers": async (ctx) => ({ body: flaggerBody(ctx, (await ctx.escort()).username) }),
  "POST /api/v2/backoffice/trusted-flaggers/{id}/end": async (ctx) => {
    const flagger = await prepared<{ id: number }>(
      ctx,
      await ctx.backendToken(),
      "POST",
      "/api/v2/backoffice/trusted-flaggers",
      flaggerBody(ctx, (await ctx.escort()).username),
    );
    return { params: { id: flagger.id } };
  },

  // --- translations (issue 32 item 7) ---
  "POST /api/v2/backoffice/translations/missing/{id}/fixed": async (ctx) => ({
    params: { id: await missingKey(ctx) },
    body: { reason: "added to en/common.json" },
  }),
  "POST /api/v2/backoffice/translations/missing/{id}/dismissed": async (ctx) => ({
    params: { id: await missingKey(ctx) },
    body: { reason: "a test key, never shipped" },
  }),

  // --- warnings ---
  "POST /api/v2/backoffice/warnings/{id}": async (ctx) => ({
    params: { id: (await reportedClient(ctx)).id },
    body: { outcome: "confirm" },
  }),
  "POST /api/v2/backoffice/warning-objections/{id}": async (ctx) => ({
    params: { id: await openObjection(ctx) },
    body: { outcome: "lift" },
  }),

  // --- ads ---
  "POST /api/v2/backoffice/ads/campaigns": async () => ({ body: AD_CAMPAIGN }),
  "PUT /api/v2/backoffice/ads/campaigns/{id}": async (ctx) => ({
    params: { id: (await adCampaign(ctx)).id },
    body: { ...AD_CAMPAIGN, paused: true },
  }),
  "POST /api/v2/backoffice/ads/campaigns/{id}/creatives": async (ctx) => ({
    params: { id: (await adCampaign(ctx)).id },
    body: AD_CREATIVE,
  }),
  "PUT /api/v2/backoffice/ads/creatives/{id}": async (ctx) => ({
    params: { id: (await adCampaign(ctx)).creatives[0]!.id },
    body: { ...AD_CREATIVE, paused: true },
  }),
  "POST /api/v2/backoffice/ads/creatives/{id}/image": async (ctx) => {
    const png = await sharp({ create: { width: 320, height: 100, channels: 3, background: { r: 20, g: 90, b: 160 } } })
      .png()
      .toBuffer();
    return {
      params: { id: (await adCampaign(ctx)).creatives[0]!.id },
      form: () => {
        const form = new FormData();
        form.append(AD_IMAGE_FIELD, new Blob([new Uint8Array(png)]), "walk.png");
        return form;
      },
    };
  },

  // --- earlier operations: moderation queues, verification, money ---
  "POST /api/v2/backoffice/media/{id}/accept": async (ctx) => ({ params: { id: await pendingMedia(ctx) } }),
  "POST /api/v2/backoffice/media/{id}/reject": async (ctx) => ({
    params: { id: await pendingMedia(ctx) },
    body: { reason: REJECTION_REASONS[0] },
  }),
  "POST /api/v2/backoffice/texts/{id}/accept": async (ctx) => ({ params: { id: await pendingText(ctx) } }),
  "POST /api/v2/backoffice/texts/{id}/reject": async (ctx) => ({
    params: { id: await pendingText(ctx) },
    body: { reason: REJECTION_REASONS[0] },
  }),
  "POST /api/v2/backoffice/bundles/{id}/accept": async (ctx) => ({ params: { id: await pendingBundle(ctx) } }),
  "POST /api/v2/backoffice/bundles/{id}/reject": async (ctx) => ({
    params: { id: await pendingBundle(ctx) },
    body: { reason: REJECTION_REASONS[0] },
  }),
  "POST /api/v2/backoffice/blogs/{id}/approve": async (ctx) => ({
    params: { id: await blogOf(ctx, (await ctx.escort()).id, BLOG_STATE.pending) },
  }),
  "POST /api/v2/backoffice/blogs/{id}/reject": async (ctx) => ({
    params: { id: await blogOf(ctx, (await ctx.escort()).id, BLOG_STATE.pending) },
    body: { reason: REJECTION_REASONS[0] },
  }),
  "POST /api/v2/backoffice/events/{id}/accept": async (ctx) => ({ params: { id: await pendingEvent(ctx) } }),
  "POST /api/v2/backoffice/events/{id}/reject": async (ctx) => ({
    params: { id: await pendingEvent(ctx) },
    body: { reason: REJECTION_REASONS[0] },
  }),
  "POST /api/v2/backoffice/blog-comments/{id}/remove": async (ctx) => ({
    params: { id: await reportedComment(ctx) },
    body: { statement: "Werbung ist in Kommentaren nicht erlaubt." },
  }),
  "POST /api/v2/backoffice/blog-comments/{id}/dismiss": async (ctx) => ({
    params: { id: await reportedComment(ctx) },
    body: { statement: "Der Kommentar verstößt gegen keine Regel." },
  }),
  "POST /api/v2/backoffice/reports/{id}/decide": async (ctx) => {
    const target = await ctx.escort();
    const id = await openReport(ctx, { kind: "profile", id: target.id, targetUserId: target.id });
    return { params: { id }, body: { outcome: "no_action", statement: "Das Profil verstößt gegen keine Regel." } };
  },
  "POST /api/v2/backoffice/promotions/{id}/decide": async (ctx) => ({
    params: { id: await pendingPromotion(ctx) },
    body: { decision: "accept" },
  }),
  "POST /api/v2/backoffice/verifications/{id}/accept": async (ctx) => ({ params: { id: await pendingVerification(ctx) } }),
  "POST /api/v2/backoffice/verifications/{id}/reject": async (ctx) => ({
    params: { id: await pendingVerification(ctx) },
    body: { reason: VERIFICATION_REJECTION_REASONS[0] },
  }),
  "POST /api/v2/backoffice/members/{id}/force-fake-check": async (ctx) => ({
    params: { id: (await ctx.escort()).id },
    body: { reason: "Fotos wirken fremd" },
  }),
  "POST /api/v2/backoffice/members/{id}/age-check": async (ctx) => ({
    params: { id: (await ctx.escort()).id },
    body: { action: "force", reason: "Zweifel am Alter" },
  }),
  "POST /api/v2/backoffice/accounting/orders/{id}/refund": async (ctx) => ({
    params: { id: (await paidOrder(ctx)).id },
    body: { amount_cents: 100, reason: "Kulanz" },
  }),
  "POST /api/v2/backoffice/accounting/bank/statements": async () => ({
    body: { xml: camt053(4200, `Walk ${randomUUID().slice(0, 8)}`, `WALK-${randomUUID()}`) },
  }),
  "POST /api/v2/backoffice/accounting/bank/unmatched/{id}/assign": async (ctx) => {
    const { lineId, orderRef } = await unmatchedLine(ctx);
    return { params: { id: lineId }, body: { order_ref: orderRef } };
  },
  "POST /api/v2/backoffice/accounting/bank/files": async (ctx) => {
    await queuedRefundTransfer(ctx);
    return { body: { kind: "transfers" } };
  },
  "POST /api/v2/backoffice/accounting/promo-codes": async () => ({ body: promoBody() }),
  "PUT /api/v2/backoffice/accounting/promo-codes/{id}": async (ctx) => ({ params: { id: await createdPromo(ctx) }, body: promoBody() }),
  "POST /api/v2/backoffice/accounting/promo-codes/{id}/active": async (ctx) => ({
    params: { id: await createdPromo(ctx) },
    body: { active: false },
  }),
  "POST /api/v2/backoffice/bank/refund-transfers": async (ctx) => {
    const member = await ctx.escort();
    const order = await insertOrder(ctx.rt, member.id, { gross: 2500, method: "TR" });
    return { body: refundTransferBody(order.publicId) };
  },
  "POST /api/v2/backoffice/bank/transfers": async (ctx) => {
    await queuedRefundTransfer(ctx);
    return { body: {} };
  },
  "POST /api/v2/backoffice/ledger/operations": async (ctx) => ({
    body: { member: (await ctx.escort()).username, action: "grant", amount: 5, reason: "Kulanz für Ausfall", key: randomUUID() },
  }),
  "POST /api/v2/backoffice/ledger/reconciliations": async () => ({}),
  "POST /api/v2/backoffice/bank/collections": async (ctx) => {
    await directDebitOrder(ctx);
    return { body: {} };
  },
  "POST /api/v2/backoffice/payouts/batches": async (ctx) => ({ body: { payout_ids: [await requestedPayout(ctx)] } }),
  "POST /api/v2/backoffice/payouts/batches/{id}/sent": async (ctx) => ({
    params: { id: await payoutBatch(ctx, await requestedPayout(ctx), false) },
  }),
  "POST /api/v2/backoffice/payouts/{id}/returned": async (ctx) => {
    const id = await requestedPayout(ctx);
    await payoutBatch(ctx, id, true);
    return { params: { id }, body: { reason: "AC04 account closed" } };
  },
  "POST /api/v2/backoffice/payouts/{id}/rejected": async (ctx) => ({
    params: { id: await requestedPayout(ctx) },
    body: { reason: "holder mismatch" },
  }),

  // Staff sign-in's second factor (ADR 117): a colleague whose authenticator is on (the row as a confirmed setup leaves it).
  "POST /api/v2/backoffice/staff-second-factor/{id}/reset": async (ctx) => {
    const colleague = await createUser(ctx.rt, { userType: USER_TYPE.team });
    await ctx.rt.deps.db
      .insertInto("staff_totp")
      .values({
        user_id: colleague.id,
        secret_sealed: "t1.walk",
        enabled_at: now(ctx),
        last_used_step: null,
        locked_until: null,
        created_at: now(ctx),
        updated_at: now(ctx),
      })
      .execute();
    return { params: { id: colleague.id }, body: { reason: "Telefon verloren, neu einrichten." } };
  },
  // livechat (issue 31, ADR 126): staff end a stream, suspend a creator's live access and lift it.
  "POST /api/v2/backoffice/live/{id}/end": async (ctx) => ({
    params: { id: await liveStreamOf(ctx, (await ctx.escort()).id) },
    body: { statement: "Der Stream verstößt gegen die Regeln der Plattform." },
  }),
  "POST /api/v2/backoffice/live/suspensions": async (ctx) => ({
    body: { member_id: (await ctx.escort()).id, days: 7, statement: "Wiederholte Verstöße in Livestreams." },
  }),
  "POST /api/v2/backoffice/live/suspensions/{memberId}/lift": async (ctx) => {
    const creator = await ctx.escort();
    await ctx.rt.deps.db
      .insertInto("live_suspensions")
      .values({ member_id: creator.id, until: null, reason: "walk", by_id: creator.id, created_at: now(ctx), lifted_at: null })
      .execute();
    return { params: { memberId: creator.id }, body: { statement: "Die Sperre wird nach Prüfung aufgehoben." } };
  },
  // affiliates (issue 32 item 6, ADR 135)
  "POST /api/v2/backoffice/affiliates": async () => ({ body: walkPartner() }),
  "POST /api/v2/backoffice/affiliates/{id}/state": async (ctx) => {
    const partner = await prepared<{ id: number }>(ctx, await ctx.backendToken(), "POST", "/api/v2/backoffice/affiliates", walkPartner());
    return { params: { id: partner.id }, body: { active: false, reason: "contract ended" } };
  },
};

/** The fields of a request body that say why: the audit row's reason must carry what the staff member wrote. */
const WHY_FIELDS = ["reason", "reasons", "statement"] as const;

/** What is missing from an operation's audit row: what (action, subject), when (the clock), why, before or after. */
function rowProblems(
  key: string,
  row: {
    action: string;
    subject_type: string;
    subject_id: string;
    reason: string | null;
    before_json: string | null;
    after_json: string | null;
    created_at: number | string;
  },
  body: unknown,
  at: number,
): string[] {
  const problems: string[] = [];
  if (!/^[a-z_]+\.[a-z_]+$/.test(row.action)) problems.push(`${key}: action "${row.action}" is not "<area>.<verb>"`);
  if (!row.subject_type || !row.subject_id) problems.push(`${key}: the row names no subject`);
  if (Number(row.created_at) !== at) problems.push(`${key}: written at ${row.created_at}, not at the call's time ${at}`);
  if (row.before_json === null && row.after_json === null) problems.push(`${key}: neither before nor after`);
  const fields = (body ?? {}) as Record<string, unknown>;
  for (const field of WHY_FIELDS) {
    const why = fields[field];
    if (typeof why === "string" && why.trim() !== "" && !(row.reason ?? "").includes(why.trim()))
      problems.push(`${key}: the reason "${why}" is not in the row (reason ${JSON.stringify(row.reason)})`);
  }
  return problems;
}

type Account = { id: number; username: string; password: string };

/** A stream on air for the creator (livechat's fixtures; the streams part's API creates them in its own tests). */
async function liveStreamOf(ctx: Context, creatorId: number): Promise<number> {
  const at = now(ctx);
  const row = await ctx.rt.deps.db
    .insertInto("live_streams")
    .values({
      creator_id: creatorId,
      title: "Walk",
      category: "chat",
      audience: "logged_in",
      price: null,
      ingest: "browser",
      state: "live",
      end_reason: null,
      city_id: null,
      scheduled_at: null,
      started_at: at,
      ended_at: null,
      producer_seen_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe(`every staff action leaves one audit row (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let operations: StaffOperation[];
  let team: Account;
  let backend: Account;
  /** Members of every kind: each walked call is tried by them first, on its real target. */
  const members: Array<[string, Account]> = [];

  beforeAll(async () => {
    // Events need their city.
    rt = await createTestRuntime({ geoData: true });
    operations = (await backofficeOperations(rt)).filter(isMutating);
    team = await createUser(rt, { userType: USER_TYPE.team });
    backend = await createUser(rt, { userType: USER_TYPE.backend });
    for (const kind of ["client", "escort", "business"] as const) members.push([kind, await createUser(rt, { userType: USER_TYPE[kind] })]);
  }, 60_000);
  afterAll(async () => {
    await rt.close();
  });

  /**
   * The walk's own accounts' tokens, signed in again only when a fixture moved the clock (the payout fixtures move it
   * by days): a sign-in per call would be most of the walk's time.
   */
  const tokens = new Map<number, { token: string; at: number }>();
  async function tokenOf(user: Account): Promise<string> {
    const held = tokens.get(user.id);
    if (held && held.at === rt.clock.now()) return held.token;
    const token = (await signIn(rt, user, freshIp())).token;
    tokens.set(user.id, { token, at: rt.clock.now() });
    return token;
  }

  // Every sign-in from an address of its own: the walk signs in far more often than one address may a day (ADR 005).
  const context = (): Context => ({
    rt,
    escort: async () => signIn(rt, await createUser(rt, { userType: USER_TYPE.escort }), freshIp()),
    member: async (userType) => signIn(rt, await createUser(rt, { userType }), freshIp()),
    backendToken: async () => (await signIn(rt, backend, freshIp())).token,
    teamToken: async () => (await signIn(rt, team, freshIp())).token,
  });

  it("has a fixture for every mutating back-office operation", () => {
    const missing = operations.map((op) => op.key).filter((key) => !FIXTURES[key]);
    // And no fixture for an operation the document no longer lists (a renamed path would otherwise go unwalked).
    const keys = new Set(operations.map((op) => op.key));
    expect(Object.keys(FIXTURES).filter((key) => !keys.has(key))).toEqual([]);
    expect(missing, `Add a fixture to FIXTURES in tests/api/backoffice/audit-walk.test.ts for: ${missing.join(", ")}`).toEqual([]);
    expect(operations.length).toBeGreaterThan(25);
  });

  /**
   * Each operation on its real target (an object it would act on, a valid body), not on an id naming nothing: members
   * of every kind get 403 staff_only and, on a backend-only operation, the team 403 role_forbidden; then the allowed
   * role's call succeeds — so the refused calls left the target as it was — and writes the one audit row. (The
   * permission matrix test walks every operation, reads included, with empty bodies and ids that name nothing.)
   */
  it("refuses members and a role without the right on the real target, then writes exactly one audit row: who, when, what, why, before and after", async () => {
    const problems: string[] = [];
    for (const op of operations) {
      const fixture = FIXTURES[op.key];
      if (!fixture) continue;
      const target = await fixture(context());
      const method = op.method.toUpperCase();
      const path = filledPath(op.path, target.params);
      const body = target.body ?? {};
      const call = async (token: string) => {
        if (!target.form) return callJson<{ errors?: Array<{ key: string }> }>(rt, token, method, path, body);
        const response = await rt.request(path, { method, token, body: target.form() });
        return { status: response.status, json: (await response.json()) as { errors?: Array<{ key: string }> } };
      };
      const teamMay = roleMay("team", op.permission!);
      // The team where the matrix lets it act (its rows must name the team member), backend elsewhere.
      const staff = teamMay ? team : backend;
      const last = await rt.deps.db
        .selectFrom("audit_log")
        .select(({ fn }) => fn.max("id").as("id"))
        .executeTakeFirst();
      const refused: Array<[string, Account, string]> = members.map(([kind, user]) => [kind, user, "exception.backoffice.staff_only"]);
      if (!teamMay) refused.push(["team", team, "exception.backoffice.role_forbidden"]);
      for (const [who, user, key] of refused) {
        const answer = await call(await tokenOf(user));
        if (answer.status !== 403 || answer.json.errors?.[0]?.key !== key)
          problems.push(`${op.key} as ${who}: answered ${answer.status} ${answer.json.errors?.[0]?.key ?? ""}, expected 403 ${key}`);
      }
      const actor = { id: staff.id, token: await tokenOf(staff) };
      const answer = await call(actor.token);
      if (answer.status >= 300) {
        problems.push(`${op.key}: the fixture's call answered ${answer.status} ${JSON.stringify(answer.json)}`);
        continue;
      }
      const rows = await rt.deps.db
        .selectFrom("audit_log")
        .selectAll()
        .where("id", ">", Number(last?.id ?? 0))
        .execute();
      // Exactly one row, and it names the staff member who called (not the platform, not the fixture's backend).
      const written = rows.map((r) => `${r.action} by ${r.actor_id ?? "the platform"}`).join(", ") || "none";
      if (rows.length !== 1 || rows[0]!.actor_id !== actor.id) {
        problems.push(`${op.key}: ${rows.length} audit rows (${written}); expected one by ${actor.id}`);
        continue;
      }
      problems.push(...rowProblems(op.key, rows[0]!, target.body, rt.clock.now()));
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
