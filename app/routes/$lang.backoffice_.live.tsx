/** backoffice/live (issue 31 item 5, ADR 126): staff's live sanctions. A thin adapter over app/features/live-chat. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { backofficeLiveAction, loadBackofficeLive } from "~/features/live-chat/backoffice-live.server";
import { BackofficeLivePage } from "~/features/live-chat/BackofficeLivePage";
import { useLang } from "~/i18n/lang";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["live-chat"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadBackofficeLive(args);

export const action = (args: ActionFunctionArgs) => backofficeLiveAction(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeLiveRoute() {
  const { title, stream, member, suspension, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const lang = useLang();
  return (
    <BackofficeLivePage
      title={title}
      stream={stream}
      member={member}
      suspension={suspension}
      done={done}
      failure={answer ? readReply(answer.lastResult) : null}
      lang={lang}
    />
  );
}
