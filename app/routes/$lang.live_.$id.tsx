/**
 * live/{id}: the watch page — the player or what the viewer lacks, the chat panel, and for the creator the
 * publisher, edit and stop (issue 31, ADR 124). Hydrated: the player and publisher enhance with JavaScript.
 * A thin adapter over app/features/live.
 */
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { WatchPage } from "~/features/live/WatchPage";
import { loadWatch, submitWatch } from "~/features/live/live.server";
import { publisherHeaders } from "~/features/live-player/publisher-headers";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["live", "live-media", "live-chat"] };

export const loader = (args: LoaderFunctionArgs) => loadWatch(args);

export const action = (args: ActionFunctionArgs) => submitWatch(args);

// The creator publishes from this page: it alone may ask for the camera and microphone (ADR 125).
// The loader's Set-Cookie clears the one-time notice after a form post (live.server.ts, WATCH_NOTICE_COOKIE).
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers({ ...PRIVATE_HEADERS, ...publisherHeaders() });
  const cookie = loaderHeaders.get("Set-Cookie");
  if (cookie) headers.set("Set-Cookie", cookie);
  return headers;
};

export const meta = metaFromLoader({ noindex: true });

export default function LiveWatchRoute() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <WatchPage
      live={page.live}
      chat={page.chat}
      signedIn={page.signedIn}
      own={page.own}
      scheduledWall={page.scheduledWall}
      done={page.done}
      loginPath={page.loginPath}
      buyPath={page.buyPath}
      plusPath={page.plusPath}
      options={page.options}
      reply={answer?.lastResult ? readReply(answer.lastResult) : null}
    />
  );
}
