/**
 * The profile page's member actions (issue 11 item 1): every action is a plain form posting to p/{username}
 * with a hidden `intent`; each feature registers its intents with the schema of their fields (the form kit,
 * ADR 063), and the route's action parses the post with them and hands the value to the action.
 */
import * as v from "valibot";
import type { Language } from "#server/contract/locales";
import type { ApiClient, ApiFailure } from "~/api/client.server";
import type { Viewer } from "~/api/viewer.server";
import type { FormReply } from "~/components/form/reply";
import { UNKNOWN_FORM_KEY } from "~/components/form/schema";

export interface ProfileActionContext {
  api: ApiClient;
  viewer: Viewer;
  lang: Language;
  /** The profile's username, as in the URL. */
  username: string;
}

/** Done: back to the profile with the confirmation `done` (profile_actions.done.<key>), or to `to` when the profile is gone from view (a block). */
export interface ProfileActionDone {
  done: string;
  to?: string;
}

/** Refused by the API: the page again, its errors at the action's `fields` (the rest above the form), the input kept. */
export interface ProfileActionFailed {
  failure: ApiFailure;
  fields?: readonly string[];
}

export type ProfileActionOutcome = ProfileActionDone | ProfileActionFailed;

/** A registered action: the schema of its form's fields (besides intent and tab) and what it does with them. */
export interface ProfileAction {
  schema: v.ObjectSchema<v.ObjectEntries, string>;
  run(context: ProfileActionContext, value: Record<string, unknown>): Promise<ProfileActionOutcome>;
}

/** An action whose form has the fields `entries` (none for a plain button); `run` gets them parsed. */
export function profileAction<const E extends v.ObjectEntries>(
  entries: E,
  run: (context: ProfileActionContext, value: v.InferOutput<v.ObjectSchema<E, undefined>>) => Promise<ProfileActionOutcome>,
): ProfileAction {
  // The value was parsed by this very schema (actions.server.ts): its type is the schema's output.
  return {
    schema: v.object(entries, UNKNOWN_FORM_KEY),
    run: (context, value) => run(context, value as v.InferOutput<v.ObjectSchema<E, undefined>>),
  };
}

/** The API's answer as an outcome: done, or refused with the errors at `fields`. */
export function outcomeOf(result: { ok: true } | ApiFailure, done: string, fields?: readonly string[]): ProfileActionOutcome {
  return result.ok ? { done } : { failure: result, fields };
}

/** A refused action as the profile's forms show it: the reply of the post (its intent, input and errors). */
export type ProfileActionRefused = FormReply;
