/**
 * Web Push (ADR 044): a member's browsers subscribe with the VAPID public key (settings page), the
 * `notification.push` job encrypts a small JSON payload for each subscription with `web-push` and sends it to
 * the browser's push service. A 404 or 410 from the push service means the subscription is gone: its row is
 * deleted. Other failures retry with the job table's backoff; a retry may reach a browser twice, where the
 * notification's tag makes the second replace the first.
 * Without VAPID keys push is not offered: subscribe answers 404, and no job sends anything.
 * Only endpoints on a known push service are stored and contacted, at public addresses only (ADR 057,
 * push-transport.ts).
 */
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  PUSH_PAYLOAD_MAX_BYTES,
  PUSH_SUBSCRIPTIONS_MAX,
  pushEndpointProblem,
  type PushPayload,
  type PushSettings,
  type PushSubscriptionInput,
} from "../../contract/notifications";
import { lockMembersForLimits } from "../../db/locks";
import type { JobContext } from "../../jobs/queue";
import { createPushSender, PushRefusedError, type PushSend } from "./push-transport";
import { displayNameOf, type NotificationJob } from "./service";
import { notificationTitle } from "./texts";

/** How long a push service keeps an undelivered message (the member's phone may be off): a day. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

export async function pushSettings(deps: ApiDeps, userId: number): Promise<PushSettings> {
  const row = await deps.db
    .selectFrom("push_subscriptions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return { enabled: deps.config.vapid !== undefined, public_key: deps.config.vapid?.publicKey ?? null, devices: Number(row.n) };
}

/** POST /notifications/push: the browser's subscription; an endpoint seen before moves to this member. */
export async function subscribePush(
  deps: ApiDeps,
  userId: number,
  input: PushSubscriptionInput,
  userAgent: string | null,
): Promise<PushSettings> {
  if (!deps.config.vapid) throw fail.notFound();
  // Only a known push service is stored (ADR 057): the server will POST to it.
  const problem = pushEndpointProblem(input.endpoint, deps.config.push.extraHosts);
  if (problem) throw fail.badRequest(problem, "endpoint");
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    // Parallel subscriptions of one member wait here, so the trim below sees every one of theirs (ADR 058).
    await lockMembersForLimits(trx, deps.dialect, "pushSubscriptions", [userId]);
    await trx
      .insertInto("push_subscriptions")
      .values({
        user_id: userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        user_agent: userAgent?.slice(0, 200) ?? null,
        created_at: now,
        last_success_at: null,
      })
      .onConflict((oc) =>
        oc.column("endpoint").doUpdateSet({ user_id: userId, p256dh: input.keys.p256dh, auth: input.keys.auth, created_at: now }),
      )
      .execute();
    const stale = await trx
      .selectFrom("push_subscriptions")
      .select("id")
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .offset(PUSH_SUBSCRIPTIONS_MAX)
      .limit(100)
      .execute();
    if (stale.length > 0)
      await trx
        .deleteFrom("push_subscriptions")
        .where(
          "id",
          "in",
          stale.map((row) => row.id),
        )
        .execute();
  });
  return pushSettings(deps, userId);
}

/** DELETE /notifications/push: this browser's subscription (only the member's own). */
export async function unsubscribePush(deps: ApiDeps, userId: number, endpoint: string): Promise<PushSettings> {
  await deps.db.deleteFrom("push_subscriptions").where("user_id", "=", userId).where("endpoint", "=", endpoint).execute();
  return pushSettings(deps, userId);
}

/** The JSON the service worker shows (public/push-sw.js), cut to stay under the payload limit. */
export async function pushPayloadFor(deps: ApiDeps, job: NotificationJob): Promise<PushPayload | null> {
  const user = await deps.db.selectFrom("users").select(["language", "status"]).where("id", "=", job.user_id).executeTakeFirst();
  if (!user || user.status === "deleted" || user.status === "banned") return null;
  const actor = job.actor_id === null ? null : await displayNameOf(deps.db, job.actor_id);
  const title = notificationTitle(deps, user.language, job.event, actor, job.params).slice(0, 200);
  const lang = user.language;
  return {
    title,
    body: "",
    url: `/${lang}/${job.url ?? "my_notification"}`.slice(0, 500),
    tag: job.notification_id === null ? `${job.event}` : `n${job.notification_id}`,
  };
}

/** The sender for this installation: the browsers' push services and PUSH_SERVICE_HOSTS (push-transport.ts, ADR 057). */
export function pushSenderFor(deps: ApiDeps): PushSend {
  const { extraHosts, testOrigin } = deps.config.push;
  // The test origin exists for the fake push service of the tests; a production process never honours it.
  return createPushSender({ extraHosts, testOrigin: deps.config.nodeEnv === "production" ? undefined : testOrigin });
}

function statusOf(err: unknown): number | null {
  if (err && typeof err === "object" && "statusCode" in err && typeof err.statusCode === "number") return err.statusCode;
  return null;
}

/** Sends one notification to every subscription of the member. Throws (the job retries) when any send failed for a passing reason. */
export async function sendPushNotification(
  deps: ApiDeps,
  job: NotificationJob,
  context: JobContext,
  send: PushSend = pushSenderFor(deps),
): Promise<void> {
  const vapid = deps.config.vapid;
  if (!vapid) return;
  const payload = await pushPayloadFor(deps, job);
  if (!payload) return;
  const body = JSON.stringify(payload);
  if (Buffer.byteLength(body) > PUSH_PAYLOAD_MAX_BYTES) throw new Error("push payload too large");
  const subscriptions = await deps.db
    .selectFrom("push_subscriptions")
    .select(["id", "endpoint", "p256dh", "auth"])
    .where("user_id", "=", job.user_id)
    .execute();
  const failures: string[] = [];
  for (const sub of subscriptions) {
    let status: number | null;
    let error = "";
    try {
      status = (
        await send({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, body, {
          vapidDetails: vapid,
          TTL: PUSH_TTL_SECONDS,
          urgency: "normal",
          topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32) || undefined,
        })
      ).statusCode;
    } catch (err) {
      if (err instanceof PushRefusedError) {
        // Nothing was contacted. An endpoint off the list can never be delivered to: the row goes. An allowed name
        // that resolves inward is a DNS problem or an attack, not the member's: the row stays, this message is dropped.
        deps.log.warn({ subscription: sub.id, job: context.jobId, reason: err.reason }, err.message);
        if (err.reason === "not_push_service") await deps.db.deleteFrom("push_subscriptions").where("id", "=", sub.id).execute();
        continue;
      }
      status = statusOf(err);
      error = err instanceof Error ? err.message : String(err);
    }
    if (status !== null && status >= 300 && status < 400) {
      // Push services do not redirect; the Location is not followed (it could point anywhere) and not retried.
      deps.log.warn({ status, subscription: sub.id, job: context.jobId }, "push service redirected; not followed");
      continue;
    }
    if (status !== null && status >= 200 && status < 300) {
      await deps.db.updateTable("push_subscriptions").set({ last_success_at: deps.clock.now() }).where("id", "=", sub.id).execute();
    } else {
      if (status === 404 || status === 410) {
        // Gone for good (unsubscribed, expired): never try it again.
        await deps.db.deleteFrom("push_subscriptions").where("id", "=", sub.id).execute();
      } else if (status !== null && status >= 400 && status < 500 && status !== 429) {
        // A request the push service refuses (bad key, too large): retrying will not help.
        deps.log.warn({ status, subscription: sub.id, job: context.jobId }, "push refused");
      } else {
        failures.push(error || `push service answered ${status}`);
      }
    }
  }
  if (failures.length > 0 && context.attempt < context.maxAttempts) throw new Error(`push failed: ${failures[0]}`);
}
