/**
 * my_date (issue 13, ADR 046): the list of the member's dates by stage, one date with its timeline and the forms
 * to answer it, and the request form. Plain forms: every action is a POST that redirects (or answers the form with
 * its errors next to the fields and the input kept). Times are entered and shown in the site's home zone.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import {
  checkinSchema,
  DATE_ERRORS,
  DATE_STAGES,
  dateAnswerSchema,
  dateRescheduleSchema,
  instantOf,
  sendDateSchema,
  type DateStageFilter,
} from "#server/contract/dates";
import { DEFAULT_ERROR_KEY } from "#server/contract/errors";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { parseRowId } from "#server/contract/row-id";
import { isValidProfileUsername } from "#server/contract/validation";
import { createApiClient } from "~/api/client.server";
import {
  answerDateRequest,
  confirmDateCheckin,
  fetchDate,
  fetchDateList,
  fetchDateOptions,
  rescheduleDateRequest,
  sendDateRequest,
  setDateCheckin,
} from "~/api/dates.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { intentVariant } from "~/components/form/schema";
import { privateAnswer } from "~/utils/cache-headers";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const DATE_DONE = ["sent", "accept", "reject", "cancel", "reschedule", "checkin_set", "checkin_confirm"] as const;

const langOf = (raw: string | undefined) => (isLanguage(raw) ? raw : DEFAULT_LANGUAGE);
const notFound = () => new Response(null, { status: 404, headers: PRIVATE_HEADERS });
const failure = (status: number) =>
  new Response(null, { status: status >= 500 ? 503 : status === 404 ? 404 : 400, headers: PRIVATE_HEADERS });

/** A refused form: its reply (the errors at the fields the API names, the input kept), with the API's status. */
function refuse(lastResult: SubmissionResult<string[]>, status: number) {
  return data({ lastResult }, { status: status >= 500 ? 503 : status, headers: privateAnswer() });
}

/**
 * A form's date and time fields (the site's home zone) as the instant `name` the API takes. A pair that names no
 * moment fails at `name`, beside the other fields' errors; the other entries are the contract's.
 */
function withInstant<const E extends v.ObjectEntries, const N extends string>(entries: E, name: N, message: string) {
  const when = (input: unknown) => {
    const { date, time } = (input ?? {}) as { date?: unknown; time?: unknown };
    return typeof date === "string" && typeof time === "string" ? instantOf(date, time) : null;
  };
  return v.pipe(
    v.object({ ...entries, date: v.optional(v.string(), ""), time: v.optional(v.string(), "") }, "validation.required"),
    v.rawCheck(({ dataset, addIssue }) => {
      if (when(dataset.value) === null)
        addIssue({
          message,
          path: [{ type: "object", origin: "value", input: dataset.value as Record<string, unknown>, key: name, value: undefined }],
        });
    }),
    v.transform(
      ({ date: _date, time: _time, ...rest }) =>
        ({ ...rest, [name]: when({ date: _date, time: _time })! }) as v.InferOutput<v.ObjectSchema<E, undefined>> & Record<N, number>,
    ),
  );
}

export async function loadDateList({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const url = new URL(request.url);
  const stage = url.searchParams.get("stage") || "all";
  const rawPage = url.searchParams.get("page") ?? "1";
  if (!(DATE_STAGES as readonly string[]).includes(stage) || !/^[1-9]\d{0,3}$/.test(rawPage))
    throw new Response(null, { status: 400, headers: PRIVATE_HEADERS });
  const list = await fetchDateList(createApiClient({ request, context }), stage as DateStageFilter, Number(rawPage));
  if (!list.ok) throw failure(list.status);
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("dating.title"), list: list.data }, { headers: PRIVATE_HEADERS });
}

function dateIdOf(raw: string | undefined): number {
  const id = parseRowId(raw);
  if (id === null) throw notFound();
  return id;
}

export async function loadDate({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const date = await fetchDate(createApiClient({ request, context }), dateIdOf(params.id));
  if (!date.ok) throw failure(date.status);
  const t = await i18nServer.getFixedT(request);
  const done = new URL(request.url).searchParams.get("done");
  return data(
    {
      title: t("dating.detail.title", { name: date.data.partner.displayName }),
      date: date.data,
      done: (DATE_DONE as readonly string[]).includes(done ?? "") ? done : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** The date page's forms: answer it (with the version the member saw), move it, the escort's check-in and its confirmation. */
const dateFormSchema = intentVariant({
  accept: dateAnswerSchema,
  reject: dateAnswerSchema,
  cancel: dateAnswerSchema,
  reschedule: withInstant(
    { version: dateRescheduleSchema.entries.version, message: dateRescheduleSchema.entries.message },
    "starts_at",
    "validation.invalid",
  ),
  checkin_set: withInstant(
    { contact_kind: checkinSchema.entries.contact_kind, contact: checkinSchema.entries.contact },
    "due_at",
    DATE_ERRORS.checkinTime,
  ),
  checkin_confirm: v.object({}),
});

export async function submitDate({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params.lang);
  const id = dateIdOf(params.id);
  const submission = await parseForm(request, dateFormSchema);
  if (submission.status !== "success") return refuse(submission.reply(), 400);
  const form = submission.value;
  const api = createApiClient({ request, context });
  const result =
    form.intent === "reschedule"
      ? await rescheduleDateRequest(api, id, { version: form.version, starts_at: form.starts_at, message: form.message })
      : form.intent === "checkin_set"
        ? await setDateCheckin(api, id, { due_at: form.due_at, contact_kind: form.contact_kind, contact: form.contact })
        : form.intent === "checkin_confirm"
          ? await confirmDateCheckin(api, id)
          : await answerDateRequest(api, id, form.intent, form.version);
  if (!result.ok) return refuse(replyWithApiErrors(submission, result.errors), result.status);
  throw redirect(`${localePath(lang, `my_date/${id}`)}?done=${form.intent}`, { headers: privateAnswer() });
}

function usernameOf(raw: string | undefined): string {
  if (!raw || !isValidProfileUsername(raw)) throw notFound();
  return raw;
}

export async function loadDateRequest({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const options = await fetchDateOptions(createApiClient({ request, context }), usernameOf(params.username));
  if (!options.ok) {
    if (options.status === 403) {
      // Asked of a member who takes no date requests (a client): the refusal shows on the page.
      const t = await i18nServer.getFixedT(request);
      return data(
        { title: t("dating.request.title"), options: null, refused: options.errors[0]?.key ?? DEFAULT_ERROR_KEY },
        { headers: PRIVATE_HEADERS },
      );
    }
    throw failure(options.status);
  }
  const t = await i18nServer.getFixedT(request);
  return data(
    { title: t("dating.request.title_with", { name: options.data.partner.displayName }), options: options.data, refused: null },
    { headers: PRIVATE_HEADERS },
  );
}

/** The request form: when (date and time), how long, where, and a message; the rules are the contract's. */
const requestFormSchema = withInstant(
  {
    duration_minutes: sendDateSchema.entries.duration_minutes,
    place_type: sendDateSchema.entries.place_type,
    address: sendDateSchema.entries.address,
    message: sendDateSchema.entries.message,
  },
  "starts_at",
  "validation.invalid",
);

export async function submitDateRequest({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params.lang);
  const username = usernameOf(params.username);
  const submission = await parseForm(request, requestFormSchema);
  if (submission.status !== "success") return refuse(submission.reply(), 400);
  const result = await sendDateRequest(createApiClient({ request, context }), username, submission.value);
  if (!result.ok) return refuse(replyWithApiErrors(submission, result.errors), result.status);
  throw redirect(`${localePath(lang, `my_date/${result.data.id}`)}?done=sent`, { headers: privateAnswer() });
}
