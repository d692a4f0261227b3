/**
 * user/first_contact_filter_and_blocklist (issue 10): who may write first, and the block list. Three plain
 * forms on one page (intent filter, block, unblock); each answers with its errors next to its own field.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { firstContactFilterSchema } from "#server/contract/settings";
import { isValidProfileUsername } from "#server/contract/validation";
import { blockMember, fetchBlockList, unblockMember } from "~/api/blocks.server";
import { createApiClient } from "~/api/client.server";
import { fetchFirstContactFilter, saveFirstContactFilter } from "~/api/settings.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { intentVariant } from "~/components/form/schema";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

/** The rule of profile addresses (older accounts have names sign-up no longer allows); the API decides who exists. */
const blockSchema = v.object(
  {
    username: v.pipe(
      v.string("validation.required"),
      v.trim(),
      v.nonEmpty("validation.required"),
      v.check(isValidProfileUsername, "exception.block.user_not_found"),
    ),
  },
  "validation.required",
);

export async function loadFirstContact({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const [filter, blocks] = await Promise.all([fetchFirstContactFilter(api), fetchBlockList(api)]);
  if (!filter.ok || !blocks.ok) throw new Response(null, { status: 503, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  return data(
    { title: t("settings.pages.first_contact_filter_and_blocklist.title"), filter: filter.data, blocks: blocks.data },
    { headers: PRIVATE_HEADERS },
  );
}

/** The page's three forms: the filter (the contract's rule), block a member by name, unblock one from the list. */
const firstContactFormSchema = intentVariant({ filter: firstContactFilterSchema, block: blockSchema, unblock: blockSchema });
const FILTER_FIELDS = ["age_min", "age_max", "genders", "user_types", "countries"];

export async function submitFirstContact({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, firstContactFormSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const api = createApiClient({ request, context });
  const page = `/${params.lang}/user/first_contact_filter_and_blocklist`;
  const form = submission.value;
  if (form.intent === "filter") {
    const { intent: _intent, ...filter } = form;
    const result = await saveFirstContactFilter(api, filter);
    if (!result.ok)
      return data({ lastResult: replyWithApiErrors(submission, result.errors, FILTER_FIELDS) }, { status: 400, headers: PRIVATE_HEADERS });
    throw redirect(`${page}?saved=filter`, { headers: PRIVATE_HEADERS });
  }
  const result = await (form.intent === "block" ? blockMember : unblockMember)(api, form.username);
  if (!result.ok) {
    const status = result.status === 404 || result.status === 409 ? result.status : 400;
    // The unknown-member error of the API belongs at the username field.
    const errors = result.errors.map((error) => ({ ...error, source: error.source ?? "username" }));
    return data({ lastResult: replyWithApiErrors(submission, errors, ["username"]) }, { status, headers: PRIVATE_HEADERS });
  }
  throw redirect(`${page}?saved=${form.intent}`, { headers: PRIVATE_HEADERS });
}
