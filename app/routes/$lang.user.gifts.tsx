/** user/gifts (issue 27 item 4, spec settings "gifts"): gifts of dollars and of plus. A thin adapter over app/features/gifts. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readReply } from "~/components/form/reply";
import { loadGifts, submitGifts } from "~/features/gifts/gifts.server";
import { GiftsPage } from "~/features/gifts/GiftsPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["gifts"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadGifts(args);

export const action = (args: ActionFunctionArgs) => submitGifts(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function GiftsRoute() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <GiftsPage {...loaded} confirm={answer?.confirm ?? null} reply={answer?.lastResult ? readReply(answer.lastResult) : null} />;
}
