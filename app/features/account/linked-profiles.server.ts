/**
 * user/linked_profiles (issue 9 item 9, issue 25 item 2): the links between a business and its escorts. The escort
 * answers a request (or ends a listing) with a button that names the business; the business asks an escort by
 * username, takes a request back, ends a listing, or asks again after a no. The API decides every rule (ADR 069).
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { BUSINESS_LINK_ANSWERS, businessLinkInviteSchema, businessLinkSide } from "#server/contract/business-links";
import { BUSINESS_ESCORTS_MAX } from "#server/contract/registration-steps";
import { usernameSchema } from "#server/contract/validation";
import { answerBusinessLink, fetchBusinessLinks, inviteEscort, removeEscortLink } from "~/api/business-links.server";
import { createApiClient } from "~/api/client.server";
import { requireViewer } from "~/api/viewer.server";
import { intentVariant } from "~/components/form/schema";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export async function loadLinkedProfiles({ request, context }: LoaderFunctionArgs) {
  const side = businessLinkSide((await requireViewer(request, context)).profile.userType);
  if (!side) throw new Response(null, { status: 404 });
  const links = await fetchBusinessLinks(createApiClient({ request, context }));
  if (!links.ok) throw new Response(null, { status: links.status >= 500 ? 503 : links.status });
  const t = await i18nServer.getFixedT(request);
  return data(
    { title: t("linked_profiles.meta_title"), side, links: links.data, max: BUSINESS_ESCORTS_MAX, now: Date.now() },
    { headers: PRIVATE_HEADERS },
  );
}

/** A username as a path parameter of the API: a name no username can have is no link of this member's. */
const linkedName = v.pipe(
  v.string("validation.invalid"),
  v.check((name) => v.is(usernameSchema, name), "exception.business_link.not_found"),
);

/**
 * The page's forms: the escort's answer (which business, accept or decline; the form of a post without intent), the
 * business's request by username (also "ask again"), and its removal of a link.
 */
export const linkedProfilesFormSchema = intentVariant(
  {
    answer: v.object({ business: linkedName, answer: v.picklist(BUSINESS_LINK_ANSWERS, "validation.invalid") }, "validation.invalid"),
    invite: businessLinkInviteSchema,
    remove: v.object({ escort: linkedName }, "validation.invalid"),
  },
  { fallback: "answer" },
);

export const LINKED_PROFILES_DONE = ["accept", "decline", "invite", "remove"] as const;

export async function submitLinkedProfiles({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, linkedProfilesFormSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const form = submission.value;
  const api = createApiClient({ request, context });
  const result =
    form.intent === "invite"
      ? await inviteEscort(api, form.username)
      : form.intent === "remove"
        ? await removeEscortLink(api, form.escort)
        : await answerBusinessLink(api, form.business, form.answer);
  if (!result.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors) },
      { status: result.status >= 500 ? 503 : result.status, headers: PRIVATE_HEADERS },
    );
  const done = form.intent === "answer" ? form.answer : form.intent;
  throw redirect(`/${params.lang}/user/linked_profiles?done=${done}`, { headers: PRIVATE_HEADERS });
}
