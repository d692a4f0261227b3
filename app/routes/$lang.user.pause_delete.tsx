/** user/pause_delete (issue 10). A thin adapter over app/features/settings. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { loadPauseDelete, PAUSE_DELETE_HEADERS, submitPauseDelete } from "~/features/settings/pause-delete.server";
import { PauseDeletePage } from "~/features/settings/PauseDeletePage";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["account"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadPauseDelete(args);

export const action = (args: ActionFunctionArgs) => submitPauseDelete(args);

export const headers = () => PAUSE_DELETE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function PauseDeleteRoute() {
  const view = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() ?? null;
  const [searchParams] = useSearchParams();
  return <PauseDeletePage view={view} answer={answer} done={searchParams.get("done")} />;
}
