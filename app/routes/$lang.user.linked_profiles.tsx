/**
 * user/linked_profiles (issue 9 item 9): the links between a business and its escorts. A thin adapter:
 * the page is app/features/account/LinkedProfilesPage, the calls app/api/business-links.server.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { businessLinkSide, isBusinessLinkAnswer } from "#server/contract/business-links";
import { answerBusinessLink, fetchBusinessLinks } from "~/api/business-links.server";
import { createApiClient } from "~/api/client.server";
import { requireViewer } from "~/api/viewer.server";
import { LinkedProfilesPage } from "~/features/account/LinkedProfilesPage";
import { i18nServer } from "~/i18n/i18next.server";
import { readFormData } from "~/utils/form-data.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account"], hydrate: false };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const side = businessLinkSide((await requireViewer(request, context)).profile.userType);
  if (!side) throw new Response(null, { status: 404 });
  const links = await fetchBusinessLinks(createApiClient({ request, context }));
  if (!links.ok) throw new Response(null, { status: links.status >= 500 ? 503 : links.status });
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("linked_profiles.meta_title"), side, links: links.data }, { headers: PRIVATE_HEADERS });
}

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const formData = await readFormData(request);
  const answer = formData.get("answer");
  const business = String(formData.get("business") ?? "");
  if (!isBusinessLinkAnswer(answer) || !business)
    return data({ formErrors: ["validation.invalid"] }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await answerBusinessLink(createApiClient({ request, context }), business, answer);
  if (!result.ok) return data({ formErrors: result.errors.map((error) => error.key) }, { status: result.status, headers: PRIVATE_HEADERS });
  throw redirect(`/${params.lang}/user/linked_profiles?done=${answer}`, { headers: PRIVATE_HEADERS });
}

export default function LinkedProfilesRoute() {
  const { side, links } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  return <LinkedProfilesPage side={side} links={links} done={searchParams.get("done")} formErrors={actionData?.formErrors ?? []} />;
}
