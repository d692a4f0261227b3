/** user/notifications (issue 10): one table of switches, kind by channel, saved at once. */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { notificationPreferencesSchema } from "#server/contract/settings";
import { createApiClient } from "~/api/client.server";
import { fetchPushSettings } from "~/api/notifications.server";
import { fetchNotificationPreferences, saveNotificationPreferences } from "~/api/settings.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export async function loadNotifications({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const [preferences, push] = await Promise.all([fetchNotificationPreferences(api), fetchPushSettings(api)]);
  if (!preferences.ok) throw new Response(null, { status: preferences.status >= 500 ? 503 : preferences.status, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t("settings.pages.notifications.title"),
      preferences: preferences.data,
      // Push is offered only with VAPID keys (ADR 044); the switch's script needs the public key.
      push: push.ok ? push.data : { enabled: false, publicKey: null, devices: 0 },
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function submitNotifications({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, notificationPreferencesSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await saveNotificationPreferences(createApiClient({ request, context }), submission.value);
  if (!result.ok) return data({ lastResult: replyWithApiErrors(submission, result.errors) }, { status: 400, headers: PRIVATE_HEADERS });
  throw redirect(`/${params.lang}/user/notifications?saved=1`, { headers: PRIVATE_HEADERS });
}
