/**
 * The profile page's member actions (issue 11 item 1): every action is a plain form posting to p/{username}
 * with a hidden `intent`; the route's action hands it to the handler registered for that intent.
 */
import { DEFAULT_ERROR_KEY } from "#server/contract/errors";
import type { Language } from "#server/contract/locales";
import type { ApiClient, ApiFailure } from "~/api/client.server";
import type { Viewer } from "~/api/viewer.server";
import { apiErrorReply } from "~/utils/api-errors";

export interface ProfileActionContext {
  api: ApiClient;
  viewer: Viewer;
  lang: Language;
  /** The profile's username, as in the URL. */
  username: string;
  form: FormData;
}

/** Done: back to the profile with the confirmation `done` (profile_actions.done.<key>), or to `to` when the profile is gone from view (a block). */
export interface ProfileActionDone {
  done: string;
  to?: string;
}

/** Refused: the page again, with the errors next to the action's fields and its input kept. */
export interface ProfileActionRefused {
  intent: string;
  status: number;
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
  input: Record<string, string> | null;
}

export type ProfileActionOutcome = ProfileActionDone | ProfileActionRefused;

export type ProfileActionHandler = (context: ProfileActionContext) => Promise<ProfileActionOutcome>;

/**
 * An API refusal as the page shows it: field errors where the API names a source the form has, the rest above
 * the form (the one mapping, apiErrorReply: placeholders such as "at most {{max}}" keep their values).
 */
export function refusedBy(
  intent: string,
  failure: ApiFailure,
  fields: readonly string[] = [],
  input: Record<string, string> | null = null,
): ProfileActionRefused {
  const { formErrors, fieldErrors } = apiErrorReply(failure.errors, fields);
  // A failure without items (a timeout, a 5xx) still says something.
  if (formErrors.length === 0 && Object.keys(fieldErrors).length === 0) formErrors.push(DEFAULT_ERROR_KEY);
  return { intent, status: failure.status >= 500 ? 503 : failure.status, formErrors, fieldErrors, input };
}
