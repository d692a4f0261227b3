/**
 * The action of p/{username} (issue 11 item 1): one form post per member action, told apart by `intent`. Each
 * feature registers its intents with their fields' schema; this parses the post with them (the form kit, ADR 063),
 * checks who is asking, runs the action and returns to the profile (or answers the form with its errors).
 */
import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { isLanguage, DEFAULT_LANGUAGE, type Language } from "#server/contract/locales";
import { createApiClient } from "~/api/client.server";
import { checkProfileUsername } from "~/features/profile/page.server";
import { requireViewer } from "~/api/viewer.server";
import { intentVariant } from "~/components/form/schema";
import { knownProfileTab, profileTab, profileTabPath } from "~/features/profile/tabs";
import { localePath } from "~/i18n/lang";
import { privateAnswer } from "~/utils/cache-headers";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { BLOCK_ACTIONS } from "./block.server";
import { FAVORITE_ACTIONS } from "./favorite.server";
import { FRIEND_ACTIONS } from "./friend.server";
import { NOTE_ACTIONS } from "./note.server";
import { REPORT_ACTIONS } from "./report.server";
import { TIP_ACTIONS } from "~/features/tips/tip.server";
import type { ProfileAction } from "./types";

const ACTIONS: Record<string, ProfileAction> = {
  ...FAVORITE_ACTIONS,
  ...FRIEND_ACTIONS,
  ...NOTE_ACTIONS,
  ...REPORT_ACTIONS,
  ...BLOCK_ACTIONS,
  ...TIP_ACTIONS,
};

/** Every form also says which profile tab it was on (`tab`), so the member returns to where they were. */
const profileActionSchema = intentVariant(
  Object.fromEntries(
    Object.entries(ACTIONS).map(([intent, action]) => [intent, v.object({ ...action.schema.entries, tab: v.optional(v.string(), "") })]),
  ),
);

/** The anchor of the actions block: the answer lands where the member pressed the button. */
export const PROFILE_ACTIONS_ANCHOR = "profile-actions";

function returnPath(lang: Language, username: string, tab: string): string {
  return profileTabPath(localePath(lang, `p/${username}`), profileTab(knownProfileTab(tab)));
}

/** A profile action's post, parsed: its texts as typed (a browser's CRLF is one line break, as maxlength counts). */
export function parseProfileAction(request: Request) {
  return parseForm(request, profileActionSchema, { lineBreaks: true });
}

export async function submitProfileAction({ request, context, params }: ActionFunctionArgs) {
  const lang: Language = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const username = params.username ?? "";
  checkProfileUsername(lang, username);
  const viewer = await requireViewer(request, context);
  const headers = privateAnswer();
  const submission = await parseProfileAction(request);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers });
  const { intent, tab, ...value } = submission.value;
  const outcome = await ACTIONS[intent]!.run({ api: createApiClient({ request, context }), viewer, lang, username }, value);
  if ("done" in outcome) {
    const to =
      outcome.to ?? `${returnPath(lang, username, String(tab))}?done=${encodeURIComponent(outcome.done)}#${PROFILE_ACTIONS_ANCHOR}`;
    throw redirect(to, { headers });
  }
  const { failure, fields } = outcome;
  return data(
    { lastResult: replyWithApiErrors(submission, failure.errors, fields ?? []) },
    { status: failure.status >= 500 ? 503 : failure.status, headers },
  );
}
