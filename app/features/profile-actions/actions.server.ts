/**
 * The action of p/{username} (issue 11 item 1): one form post per member action, told apart by `intent`. Each
 * feature registers its intents; this reads the form, checks who is asking and returns to the profile.
 */
import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isLanguage, DEFAULT_LANGUAGE, type Language } from "#server/contract/locales";
import { createApiClient } from "~/api/client.server";
import { checkProfileUsername } from "~/api/profiles.server";
import { requireViewer } from "~/api/viewer.server";
import { localePath } from "~/i18n/lang";
import { privateAnswer } from "~/utils/cache-headers";
import { readFormData } from "~/utils/form-data.server";
import { PROFILE_TABS } from "~/components/profile/ProfileView";
import { BLOCK_ACTIONS } from "./block.server";
import { FAVORITE_ACTIONS } from "./favorite.server";
import { FRIEND_ACTIONS } from "./friend.server";
import { NOTE_ACTIONS } from "./note.server";
import { REPORT_ACTIONS } from "./report.server";
import type { ProfileActionHandler, ProfileActionRefused } from "./types";

const HANDLERS: Record<string, ProfileActionHandler> = {
  ...FAVORITE_ACTIONS,
  ...FRIEND_ACTIONS,
  ...NOTE_ACTIONS,
  ...REPORT_ACTIONS,
  ...BLOCK_ACTIONS,
};

/** The anchor of the actions block: the answer lands where the member pressed the button. */
export const PROFILE_ACTIONS_ANCHOR = "profile-actions";

/** The profile tab the form was on (`tab`), so the member returns to where they were. */
function returnPath(lang: Language, username: string, form: FormData): string {
  const tab = String(form.get("tab") ?? "");
  const known = (PROFILE_TABS as readonly string[]).includes(tab) ? tab : "";
  return localePath(lang, `p/${username}${known ? `/${known}` : ""}`);
}

export async function submitProfileAction({ request, context, params }: ActionFunctionArgs) {
  const lang: Language = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const username = params.username ?? "";
  checkProfileUsername(lang, username);
  const viewer = await requireViewer(request, context);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const handler = Object.hasOwn(HANDLERS, intent) ? HANDLERS[intent] : undefined;
  const headers = privateAnswer();
  if (!handler) {
    const refused: ProfileActionRefused = {
      intent,
      status: 400,
      formErrors: ["validation.correct_all_fields"],
      fieldErrors: {},
      input: null,
    };
    return data(refused, { status: 400, headers });
  }
  const outcome = await handler({ api: createApiClient({ request, context }), viewer, lang, username, form });
  if ("done" in outcome) {
    const to = outcome.to ?? `${returnPath(lang, username, form)}?done=${encodeURIComponent(outcome.done)}#${PROFILE_ACTIONS_ANCHOR}`;
    throw redirect(to, { headers });
  }
  return data(outcome, { status: outcome.status, headers });
}
