/** The push switch of user/notifications (ADR 044): JSON in, the API's answer out. */
import { data, type ActionFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { pushSubscriptionSchema, pushUnsubscribeSchema } from "#server/contract/notifications";
import { createApiClient } from "~/api/client.server";
import { subscribePush, unsubscribePush } from "~/api/notifications.server";
import { requireViewer } from "~/api/viewer.server";
import { noStore } from "~/utils/cache-headers";

const bodySchema = v.variant("action", [
  v.object({ action: v.literal("subscribe"), subscription: pushSubscriptionSchema }),
  v.object({ action: v.literal("unsubscribe"), endpoint: pushUnsubscribeSchema.entries.endpoint }),
]);

export async function submitPushSwitch({ request, context }: ActionFunctionArgs) {
  await requireViewer(request, context);
  let raw: unknown;
  try {
    raw = JSON.parse((await request.text()).slice(0, 10_000));
  } catch {
    raw = null;
  }
  const parsed = v.safeParse(bodySchema, raw);
  if (!parsed.success) return data({ ok: false }, { status: 400, headers: noStore() });
  const api = createApiClient({ request, context });
  const result =
    parsed.output.action === "subscribe"
      ? await subscribePush(api, {
          endpoint: parsed.output.subscription.endpoint,
          keys: { p256dh: parsed.output.subscription.keys.p256dh, auth: parsed.output.subscription.keys.auth },
        })
      : await unsubscribePush(api, parsed.output.endpoint);
  return data(
    { ok: result.ok, devices: result.ok ? result.data.devices : null },
    { status: result.ok ? 200 : result.status, headers: noStore() },
  );
}
