/**
 * user/linked_profiles (issue 9 item 9): the links between a business and its escorts. The escort answers a
 * request (or ends a listing) with a button that names the business; the API decides every rule.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { BUSINESS_LINK_ANSWERS, businessLinkSide } from "#server/contract/business-links";
import { usernameSchema } from "#server/contract/validation";
import { answerBusinessLink, fetchBusinessLinks } from "~/api/business-links.server";
import { createApiClient } from "~/api/client.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export async function loadLinkedProfiles({ request, context }: LoaderFunctionArgs) {
  const side = businessLinkSide((await requireViewer(request, context)).profile.userType);
  if (!side) throw new Response(null, { status: 404 });
  const links = await fetchBusinessLinks(createApiClient({ request, context }));
  if (!links.ok) throw new Response(null, { status: links.status >= 500 ? 503 : links.status });
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("linked_profiles.meta_title"), side, links: links.data }, { headers: PRIVATE_HEADERS });
}

/** One answer: which business (the username rule of the API's path) and accept or decline. */
const answerSchema = v.object(
  {
    business: v.pipe(
      v.string("validation.invalid"),
      v.check((name) => v.is(usernameSchema, name), "exception.business_link.not_found"),
    ),
    answer: v.picklist(BUSINESS_LINK_ANSWERS, "validation.invalid"),
  },
  "validation.invalid",
);

export async function submitLinkedProfiles({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, answerSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const { business, answer } = submission.value;
  const result = await answerBusinessLink(createApiClient({ request, context }), business, answer);
  if (!result.ok)
    return data({ lastResult: replyWithApiErrors(submission, result.errors) }, { status: result.status, headers: PRIVATE_HEADERS });
  throw redirect(`/${params.lang}/user/linked_profiles?done=${answer}`, { headers: PRIVATE_HEADERS });
}
