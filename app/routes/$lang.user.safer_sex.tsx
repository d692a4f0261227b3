/** user/safer_sex (issue 11, ADR 039). A thin adapter over app/features/profile-extras. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { SAFER_SEX_INTENTS, type SaferSexIntent } from "~/features/profile-extras/intents";
import { loadSaferSex, submitSaferSex } from "~/features/profile-extras/safer-sex.server";
import { SaferSexPage } from "~/features/profile-extras/SaferSexPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account", "profile"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadSaferSex(args);

export const action = (args: ActionFunctionArgs) => submitSaferSex(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function SaferSexRoute() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer ? readReply(answer.lastResult) : null;
  const [searchParams] = useSearchParams();
  const saved = searchParams.get("saved");
  return (
    <SaferSexPage
      title={page.title}
      safeSex={page.safeSex}
      kinds={page.kinds}
      isBusiness={page.isBusiness}
      saved={!refused && (SAFER_SEX_INTENTS as readonly string[]).includes(saved ?? "") ? (saved as SaferSexIntent) : null}
      refused={refused}
    />
  );
}
