/** events/add (spec section 2): a new event. A thin adapter over app/features/events. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { readReply } from "~/components/form/reply";
import { EventFormPage } from "~/features/events/EventFormPage";
import { loadEventAdd, submitEventAdd } from "~/features/events/events.server";
import * as ui from "~/styles/ui.css";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["event", "search"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadEventAdd(args);

export const action = (args: ActionFunctionArgs) => submitEventAdd(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function EventAddRoute() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("event");
  if (loaded.kind === "not_organizer")
    return (
      <main className={ui.narrow}>
        <h1>{loaded.title}</h1>
        <p data-testid="events-organizers-only">{t("event.form.organizers_only")}</p>
      </main>
    );
  return <EventFormPage title={loaded.title} event={null} covers={loaded.covers} reply={answer ? readReply(answer.lastResult) : null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
