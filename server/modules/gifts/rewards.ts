/**
 * Token rewards and the share page (issue 27 item 4, ADR 085). A reward is REWARD dollars from the platform's grants
 * for a real action, once per member and kind: its ledger key `reward:<kind>:<member>` makes every further grant a
 * replay, however many run at once (the ledger's unique key decides, no lock needed).
 *
 * `grantEarnedRewards(deps, memberId)` reads what the member has done and grants each reward they earned and lack.
 * The modules where the actions complete call it after their commit (e-mail verification, a federated sign-in's
 * verified address, a written review), one line each; it also grants the inviter's reward when the member was
 * invited. Calling it again changes nothing. Reading the rewards (`rewardList`) never grants: a GET changes no state.
 * What was earned where no hook ran (before rewards existed) the member claims with a POST (`claimRewards`).
 */
import { sql } from "kysely";
import type { ApiDeps } from "../../api/types";
import { rewardKey, TOKEN_REWARDS, type ShareState, type TokenRewardKind, type TokenRewardList } from "../../contract/gifts";
import { randomToken } from "../../lib/crypto";
import { dollarOperations, postOperation } from "../ledger/index";
import { createInvitationCode } from "../invitations/index";
import { notifyWalletChanged } from "../wallet/index";

const dollarsOf = (kind: TokenRewardKind) => TOKEN_REWARDS.find((reward) => reward.kind === kind)!.dollars;

/** Grants one reward (a replay when granted before). */
export async function grantReward(deps: ApiDeps, memberId: number, kind: TokenRewardKind): Promise<void> {
  const operation = dollarOperations.grant(memberId, dollarsOf(kind), "REWARD");
  const granted = await postOperation(deps, {
    key: rewardKey(kind, memberId),
    kind: operation.kind,
    currency: "dollar",
    actorId: memberId,
    reference: `reward:${kind}`,
    transfers: operation.transfers,
  });
  if (!granted.replayed) await notifyWalletChanged(deps, memberId);
}

/** The rewards this member has earned by what the database says they did. */
async function earnedKinds(deps: ApiDeps, memberId: number): Promise<TokenRewardKind[]> {
  const user = await deps.db.selectFrom("users").select(["email_verified_at", "status"]).where("id", "=", memberId).executeTakeFirst();
  if (!user || user.status !== "active") return [];
  const earned: TokenRewardKind[] = [];
  if (user.email_verified_at !== null) earned.push("email_verified");
  const review = await deps.db.selectFrom("date_reviews").select("id").where("author_id", "=", memberId).executeTakeFirst();
  if (review) earned.push("first_review");
  const invited = await deps.db
    .selectFrom("users")
    .innerJoin("invitation_codes", "invitation_codes.code", "users.invitation_code")
    .select("users.id")
    .where("invitation_codes.created_by_user_id", "=", memberId)
    .where("users.email_verified_at", "is not", null)
    .where("users.id", "!=", memberId)
    .executeTakeFirst();
  if (invited) earned.push("invite_verified");
  return earned;
}

/**
 * Grants every reward the member earned and lacks, and the invite reward of whoever invited them. The owning modules
 * call it where the action completes; it never fails their request (a reward can always be granted later).
 */
export async function grantEarnedRewards(deps: ApiDeps, memberId: number): Promise<void> {
  try {
    for (const kind of await earnedKinds(deps, memberId)) await grantReward(deps, memberId, kind);
    const inviter = await deps.db
      .selectFrom("users")
      .innerJoin("invitation_codes", "invitation_codes.code", "users.invitation_code")
      .select("invitation_codes.created_by_user_id as inviter")
      .where("users.id", "=", memberId)
      .executeTakeFirst();
    if (inviter?.inviter && inviter.inviter !== memberId) {
      const inviterKinds = await earnedKinds(deps, inviter.inviter);
      if (inviterKinds.includes("invite_verified")) await grantReward(deps, inviter.inviter, "invite_verified");
    }
  } catch (error) {
    deps.log.warn({ err: error, memberId }, "token rewards: grant failed, left for the next action");
  }
}

/**
 * GET /wallets/rewards: each reward, its dollars, whether (when) the member got it, and whether it is earned but not
 * granted yet (claimable). Reads only.
 */
export async function rewardList(deps: ApiDeps, memberId: number): Promise<TokenRewardList> {
  const keys = TOKEN_REWARDS.map((reward) => rewardKey(reward.kind, memberId));
  const [granted, earned] = await Promise.all([
    deps.db
      .selectFrom("ledger_operations")
      .select(["idempotency_key", "created_at"])
      .where("idempotency_key", "in", keys)
      .where("status", "=", "succeeded")
      .execute(),
    earnedKinds(deps, memberId),
  ]);
  const at = new Map(granted.map((row) => [row.idempotency_key, Number(row.created_at)]));
  const items = TOKEN_REWARDS.map((reward) => {
    const grantedAt = at.get(rewardKey(reward.kind, memberId)) ?? null;
    return {
      kind: reward.kind,
      dollars: reward.dollars,
      granted_at: grantedAt,
      claimable: grantedAt === null && earned.includes(reward.kind),
    };
  });
  return { items, earned: items.reduce((sum, item) => sum + (item.granted_at === null ? 0 : item.dollars), 0) };
}

/**
 * POST /wallets/rewards/claim: grants what the member earned and lacks (the catch-up the GET must not do), then answers
 * the list. Each grant's ledger key is `reward:<kind>:<member>`, so a repeated or parallel claim moves nothing more.
 */
export async function claimRewards(deps: ApiDeps, memberId: number): Promise<TokenRewardList> {
  await grantEarnedRewards(deps, memberId);
  return rewardList(deps, memberId);
}

/**
 * The member's personal invitation code: the first unlimited, unexpiring code they created, made on first use. Two
 * first views at once may each make one; the older one is shown from then on, and both work.
 */
async function personalCode(deps: ApiDeps, memberId: number): Promise<string> {
  const existing = await deps.db
    .selectFrom("invitation_codes")
    .select("code")
    .where("created_by_user_id", "=", memberId)
    .where("max_uses", "is", null)
    .where("expires_at", "is", null)
    .orderBy("id")
    .executeTakeFirst();
  if (existing) return existing.code;
  await createInvitationCode(deps, { createdByUserId: memberId, code: randomToken(12) });
  return personalCode(deps, memberId);
}

/** GET /wallets/share: the member's invite code, who signed up with it and what it earned. */
export async function shareState(deps: ApiDeps, memberId: number): Promise<ShareState> {
  const code = await personalCode(deps, memberId);
  const counts = await deps.db
    .selectFrom("users")
    .innerJoin("invitation_codes", "invitation_codes.code", "users.invitation_code")
    .select([
      (eb) => eb.fn.countAll<number>().as("signed_up"),
      sql<number>`sum(case when users.email_verified_at is not null then 1 else 0 end)`.as("verified"),
    ])
    .where("invitation_codes.created_by_user_id", "=", memberId)
    .where("users.id", "!=", memberId)
    .executeTakeFirstOrThrow();
  const rewards = await rewardList(deps, memberId);
  const invite = rewards.items.find((item) => item.kind === "invite_verified");
  return {
    code,
    signed_up: Number(counts.signed_up),
    verified: Number(counts.verified ?? 0),
    earned: invite?.granted_at ? invite.dollars : 0,
  };
}
