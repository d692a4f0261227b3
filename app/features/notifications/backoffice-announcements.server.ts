/**
 * backoffice/announcements (ADR 044): the active announcements and a plain form for a new one. Team and backend
 * accounts only; everyone else gets the 404 of a page that does not exist (as the other back office pages).
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { announcementCreateSchema } from "#server/contract/notifications";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { createApiClient } from "~/api/client.server";
import { createAnnouncement, fetchAnnouncements } from "~/api/notifications.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { requireStaffPage } from "~/features/backoffice/staff-access.server";

export const ANNOUNCEMENT_FIELDS = ["severity", "text_de", "text_en", "text_es", "text_pl", "url", "days"] as const;

const notFound = () => new Response(null, { status: 404, headers: PRIVATE_HEADERS });

async function requireStaff(request: Request, context: LoaderFunctionArgs["context"]): Promise<void> {
  await requireStaffPage(request, context, "content.edit");
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

export async function submitBackofficeAnnouncement({ request, context, params }: ActionFunctionArgs) {
  await requireStaff(request, context);
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  // The contract's schema; an empty optional text stays "" (German shown).
  const submission = await parseForm(request, announcementCreateSchema);
  if (submission.status !== "success")
    return data(
      { lastResult: submission.reply({ formErrors: ["validation.correct_all_fields"] }) },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  const result = await createAnnouncement(createApiClient({ request, context }), submission.value);
  if (!result.ok) {
    if (result.status === 403) throw notFound();
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, ANNOUNCEMENT_FIELDS) },
      { status: result.status >= 500 ? 503 : 400, headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(`${localePath(lang, "backoffice/announcements")}?done=created`, { headers: PRIVATE_HEADERS });
}
