/**
 * backoffice/announcements (ADR 044): the active announcements and a plain form for a new one. Team and backend
 * accounts only; everyone else gets the 404 of a page that does not exist (as the other back office pages).
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { isStaffUserType } from "#server/contract/moderation";
import { announcementCreateSchema } from "#server/contract/notifications";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { createApiClient } from "~/api/client.server";
import { createAnnouncement, fetchAnnouncements } from "~/api/notifications.server";
import { loadViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { apiErrorReply } from "~/utils/api-errors";
import { readFormData } from "~/utils/form-data.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const ANNOUNCEMENT_FIELDS = ["severity", "text_de", "text_en", "text_es", "text_pl", "url", "days"] as const;

const notFound = () => new Response(null, { status: 404, headers: PRIVATE_HEADERS });

async function requireStaff(request: Request, context: LoaderFunctionArgs["context"]): Promise<void> {
  const viewer = await loadViewer(request, context);
  if (!viewer || !isStaffUserType(viewer.profile.userType)) throw notFound();
}

export async function loadBackofficeAnnouncements({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const active = await fetchAnnouncements(createApiClient({ request, context }), lang, []);
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t("announcement_desk.title", { ns: "notifications" }),
      active: active.ok ? active.data.items : [],
      created: new URL(request.url).searchParams.get("done") === "created",
    },
    { headers: PRIVATE_HEADERS },
  );
}

export interface AnnouncementFormFailure {
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
  input: Record<string, string>;
}

export async function submitBackofficeAnnouncement({ request, context, params }: ActionFunctionArgs) {
  await requireStaff(request, context);
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const form = await readFormData(request);
  const input = Object.fromEntries(ANNOUNCEMENT_FIELDS.map((name) => [name, String(form.get(name) ?? "")]));
  const fail = (status: number, fieldErrors: Record<string, string[]>, formErrors: string[]) =>
    data<AnnouncementFormFailure>({ fieldErrors, formErrors, input }, { status, headers: PRIVATE_HEADERS });
  // The contract's schema on the plain strings (days as a number); an empty optional text stays "" (German shown).
  const parsed = v.safeParse(announcementCreateSchema, {
    ...input,
    days: /^\d{1,4}$/.test(input.days ?? "") ? Number(input.days) : input.days,
  });
  if (!parsed.success) {
    const nested = v.flatten<typeof announcementCreateSchema>(parsed.issues).nested ?? {};
    const fieldErrors = Object.fromEntries(Object.entries(nested).map(([name, errors]) => [name, errors ?? []]));
    return fail(400, fieldErrors, ["validation.correct_all_fields"]);
  }
  const submission = { value: parsed.output };
  const result = await createAnnouncement(createApiClient({ request, context }), submission.value);
  if (!result.ok) {
    if (result.status === 403) throw notFound();
    const { fieldErrors, formErrors } = apiErrorReply(result.errors, [...ANNOUNCEMENT_FIELDS]);
    return fail(result.status >= 500 ? 503 : 400, fieldErrors, formErrors);
  }
  throw redirect(`${localePath(lang, "backoffice/announcements")}?done=created`, { headers: PRIVATE_HEADERS });
}
