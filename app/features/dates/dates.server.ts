/**
 * my_date (issue 13, ADR 046): the list of the member's dates by stage, one date with its timeline and the forms
 * to answer it, and the request form. Plain forms: every action is a POST that redirects (or answers the form with
 * its errors next to the fields and the input kept). Times are entered and shown in the site's home zone.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { DATE_PLACE_TYPES, DATE_STAGES, instantOf, type DatePlaceType, type DateStageFilter } from "#server/contract/dates";
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
import { apiErrorReply } from "~/utils/api-errors";
import { privateAnswer } from "~/utils/cache-headers";
import { readFormData } from "~/utils/form-data.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const DATE_DONE = ["sent", "accept", "reject", "cancel", "reschedule", "checkin_set", "checkin_confirm"] as const;

/** A refused form: its errors by field and the input as it came. */
export interface DateFormReply {
  intent: string;
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
  values: Record<string, string>;
}

const langOf = (raw: string | undefined) => (isLanguage(raw) ? raw : DEFAULT_LANGUAGE);
const notFound = () => new Response(null, { status: 404, headers: PRIVATE_HEADERS });
const failure = (status: number) =>
  new Response(null, { status: status >= 500 ? 503 : status === 404 ? 404 : 400, headers: PRIVATE_HEADERS });

function refuse(intent: string, status: number, values: Record<string, string>, errors: ReturnType<typeof apiErrorReply>) {
  const formErrors = errors.formErrors.length || Object.keys(errors.fieldErrors).length ? errors.formErrors : [DEFAULT_ERROR_KEY];
  return data<DateFormReply>(
    { intent, formErrors, fieldErrors: errors.fieldErrors, values },
    { status: status >= 500 ? 503 : status, headers: privateAnswer() },
  );
}

function valuesOf(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "")]));
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

const DATE_FIELDS = ["intent", "version", "date", "time", "message", "contact_kind", "contact"] as const;

export async function submitDate({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params.lang);
  const id = dateIdOf(params.id);
  const form = await readFormData(request);
  const values = valuesOf(form, DATE_FIELDS);
  const intent = values.intent!;
  const version = /^\d{1,9}$/.test(values.version!) ? Number(values.version) : -1;
  const api = createApiClient({ request, context });
  const fieldError = (field: string, key: string) => refuse(intent, 400, values, { formErrors: [], fieldErrors: { [field]: [key] } });
  let result;
  if (intent === "accept" || intent === "reject" || intent === "cancel") {
    result = await answerDateRequest(api, id, intent, version);
  } else if (intent === "reschedule") {
    const startsAt = instantOf(values.date!, values.time!);
    if (startsAt === null) return fieldError("starts_at", "validation.invalid");
    result = await rescheduleDateRequest(api, id, { version, starts_at: startsAt, message: values.message! });
  } else if (intent === "checkin_set") {
    const dueAt = instantOf(values.date!, values.time!);
    if (dueAt === null) return fieldError("due_at", "exception.dates.checkin_time");
    const kind = values.contact_kind === "phone" ? "phone" : "email";
    result = await setDateCheckin(api, id, { due_at: dueAt, contact_kind: kind, contact: values.contact! });
  } else if (intent === "checkin_confirm") {
    result = await confirmDateCheckin(api, id);
  } else {
    return refuse(intent, 400, values, { formErrors: ["validation.correct_all_fields"], fieldErrors: {} });
  }
  if (!result.ok) return refuse(intent, result.status, values, apiErrorReply(result.errors));
  throw redirect(`${localePath(lang, `my_date/${id}`)}?done=${intent}`, { headers: privateAnswer() });
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

const REQUEST_FIELDS = ["date", "time", "duration_minutes", "place_type", "address", "message"] as const;

export async function submitDateRequest({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params.lang);
  const username = usernameOf(params.username);
  const form = await readFormData(request);
  const values = valuesOf(form, REQUEST_FIELDS);
  const fieldErrors: Record<string, string[]> = {};
  const startsAt = instantOf(values.date!, values.time!);
  if (startsAt === null) fieldErrors.starts_at = ["validation.invalid"];
  const duration = /^\d{1,4}$/.test(values.duration_minutes!) ? Number(values.duration_minutes) : null;
  if (duration === null) fieldErrors.duration_minutes = ["exception.dates.duration"];
  if (!(DATE_PLACE_TYPES as readonly string[]).includes(values.place_type!)) fieldErrors.place_type = ["validation.invalid"];
  if (Object.keys(fieldErrors).length) return refuse("send", 400, values, { formErrors: [], fieldErrors });
  const result = await sendDateRequest(createApiClient({ request, context }), username, {
    starts_at: startsAt!,
    duration_minutes: duration!,
    place_type: values.place_type as DatePlaceType,
    address: values.address!,
    message: values.message!,
  });
  if (!result.ok) return refuse("send", result.status, values, apiErrorReply(result.errors));
  throw redirect(`${localePath(lang, `my_date/${result.data.id}`)}?done=sent`, { headers: privateAnswer() });
}
