/** user/data_privacy (issue 10). A thin adapter over app/features/settings. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { allErrors, readReply } from "~/components/form/reply";
import { loadDataPrivacy, submitDataPrivacy } from "~/features/settings/data-privacy.server";
import { DataPrivacyPage } from "~/features/settings/DataPrivacyPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadDataPrivacy(args);

export const action = (args: ActionFunctionArgs) => submitDataPrivacy(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function DataPrivacyRoute() {
  const { specialConsentSince, activityConsentSince, exports, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <DataPrivacyPage
      specialConsentSince={specialConsentSince}
      activityConsentSince={activityConsentSince}
      exports={exports}
      done={answer ? null : done}
      formErrors={allErrors(readReply(answer?.lastResult))}
    />
  );
}
