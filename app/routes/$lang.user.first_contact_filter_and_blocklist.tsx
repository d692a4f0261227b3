/** user/first_contact_filter_and_blocklist (issue 10). A thin adapter over app/features/settings. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { loadFirstContact, submitFirstContact } from "~/features/settings/first-contact.server";
import { FirstContactPage } from "~/features/settings/FirstContactPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account", "traits"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadFirstContact(args);

export const action = (args: ActionFunctionArgs) => submitFirstContact(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function FirstContactRoute() {
  const { filter, blocks } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() ?? null;
  const [searchParams] = useSearchParams();
  return <FirstContactPage filter={filter} blocks={blocks} answer={answer} saved={searchParams.get("saved")} />;
}
