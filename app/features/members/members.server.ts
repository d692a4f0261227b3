/**
 * backoffice/members and backoffice/members/{id} (issue 30 item 5, ADR 118): the member search (a GET form: the query
 * string is the state) and a member's page with the staff actions, each a plain form post with its reason, answered
 * with a redirect, or with its errors next to its fields and the input kept. Members and guests get the back office's
 * 404; the API decides who is staff and what their role may do.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { MEMBER_ERRORS, memberPauseSchema, memberReasonSchema, memberResetSchema, memberSearchQuerySchema } from "#server/contract/members";
import { parseRowId } from "#server/contract/row-id";
import { createApiClient, type ApiResult } from "~/api/client.server";
import { actOnMember, fetchMember, pauseMember, resetMemberVerification, searchMembers } from "~/api/members.server";
import { forceFakeCheck } from "~/api/verification.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

type Args = LoaderFunctionArgs | ActionFunctionArgs;

/** An API answer the page needs: its data, or the back office's 404 (refused, unknown) or a 503. */
async function dataOf<T>(request: Request, result: ApiResult<T>): Promise<T> {
  if (result.ok) return result.data;
  if (result.status === 403 || result.status === 404) throw await notFoundResponse(request);
  throw new Response(null, { status: 503, headers: PRIVATE_HEADERS });
}

const langOf = (args: Args) => (isLanguage(args.params.lang) ? args.params.lang : DEFAULT_LANGUAGE);

// --- The search -------------------------------------------------------------------------------------------------

export async function loadMemberSearch(args: LoaderFunctionArgs) {
  const { request, context } = args;
  await requireViewer(request, context);
  const url = new URL(request.url);
  const raw = Object.fromEntries([...url.searchParams.entries()].filter(([, value]) => value.trim() !== ""));
  const parsed = v.safeParse(memberSearchQuerySchema, raw);
  const errors: Record<string, string[]> = {};
  if (!parsed.success)
    for (const issue of parsed.issues) {
      const key = v.getDotPath(issue) ?? "";
      (errors[key] ??= []).push(issue.message);
    }
  // Without a valid filter nothing is asked; the staff check still is (a member must not learn the page exists).
  const result = await searchMembers(createApiClient(args), parsed.success ? parsed.output : v.parse(memberSearchQuerySchema, {}));
  const page = await dataOf(request, result);
  const t = await i18nServer.getFixedT(request);
  return data(
    { title: t("members.search.title", { ns: "members" }), filter: raw, errors, result: parsed.success ? page : null },
    { headers: PRIVATE_HEADERS },
  );
}

// --- A member's page --------------------------------------------------------------------------------------------

async function memberIdOf(args: Args): Promise<number> {
  const id = parseRowId(args.params.id);
  if (id === null) throw await notFoundResponse(args.request);
  return id;
}

/** The `?done=` notices the page shows after an action's redirect. */
export const MEMBER_DONE = ["ban", "unban", "pause", "unpause", "sign_out", "reset_verification", "force_fake_check"] as const;
export type MemberDone = (typeof MEMBER_DONE)[number];

export async function loadMemberPage(args: LoaderFunctionArgs) {
  const { request, context } = args;
  await requireViewer(request, context);
  const id = await memberIdOf(args);
  const member = await dataOf(request, await fetchMember(createApiClient(args), id));
  const t = await i18nServer.getFixedT(request);
  const done = new URL(request.url).searchParams.get("done");
  return data(
    {
      title: `${t("members.page.title", { ns: "members" })} ${member.member.username}`,
      member,
      done: (MEMBER_DONE as readonly string[]).includes(done ?? "") ? (done as MemberDone) : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/**
 * The confirmation of a destructive action without JavaScript: a checkbox the staff member ticks in the same form
 * (a dialog would need a script). The API does not need it; the page does, so it lives here.
 */
const CONFIRM = "validation.members.confirm";
// Optional first: a box left unticked sends no key, and the object's own message would answer for a missing key.
const confirmField = v.pipe(v.optional(v.string(CONFIRM), ""), v.value("yes", CONFIRM));
const reasonOnly = memberReasonSchema.entries;

const actionSchema = v.variant("intent", [
  v.object({ intent: v.literal("ban"), ...reasonOnly, confirm: confirmField }, MEMBER_ERRORS.reason),
  v.object({ intent: v.literal("unban"), ...reasonOnly }, MEMBER_ERRORS.reason),
  v.object({ intent: v.literal("pause"), ...memberPauseSchema.entries, confirm: confirmField }, MEMBER_ERRORS.reason),
  v.object({ intent: v.literal("unpause"), ...reasonOnly }, MEMBER_ERRORS.reason),
  v.object({ intent: v.literal("sign_out"), ...reasonOnly, confirm: confirmField }, MEMBER_ERRORS.reason),
  v.object({ intent: v.literal("reset_verification"), ...memberResetSchema.entries, confirm: confirmField }, MEMBER_ERRORS.reason),
  v.object({ intent: v.literal("force_fake_check"), ...reasonOnly, confirm: confirmField }, MEMBER_ERRORS.reason),
]);

export async function submitMemberAction(args: ActionFunctionArgs) {
  const { request, context } = args;
  await requireViewer(request, context);
  const id = await memberIdOf(args);
  const submission = await parseForm(request, actionSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const form = submission.value;
  const api = createApiClient(args);
  const result =
    form.intent === "pause"
      ? await pauseMember(api, id, { reason: form.reason, days: form.days })
      : form.intent === "reset_verification"
        ? await resetMemberVerification(api, id, { reason: form.reason, kind: form.kind })
        : form.intent === "force_fake_check"
          ? await forceFakeCheck(api, id, form.reason)
          : await actOnMember(api, id, form.intent, form.reason);
  if (!result.ok) {
    if (result.status === 404 || (result.status === 403 && result.errors[0]?.key === "exception.backoffice.staff_only"))
      throw await notFoundResponse(request);
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, ["reason", "days", "kind"]) },
      { status: result.status >= 500 ? 503 : result.status, headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(`${localePath(langOf(args), `backoffice/members/${id}`)}?done=${form.intent}`, { headers: PRIVATE_HEADERS });
}
