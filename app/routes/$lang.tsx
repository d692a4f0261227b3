import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { ChromeFoot, ChromeTop } from "~/components/ChromeIslands";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { ErrorSummary } from "~/components/form/ErrorSummarySlot";
import { useLayoutKind } from "~/features/layout/layout-kind";
import { loadLanguageLayout } from "~/features/layout/language-layout.server";
import { RealtimeConnector } from "~/features/realtime/RealtimeConnector";

/** The popups of realtime notifications (ADR 044): a static file, no framework, for signed-in members only. */
const NOTIFICATIONS_SCRIPT = "/scripts/notifications.js";
/** The activity tracker (ADR 132): only for members whose consent stands. */
const ACTIVITY_SCRIPT = "/scripts/activity.js";
/** The header's live dollar balance (ADR 081): for members with a wallet. */
const WALLET_BALANCE_SCRIPT = "/scripts/wallet-balance.js";

/** Every page lives under a required language segment (a path without one is moved under one). */
export const loader = (args: LoaderFunctionArgs) => loadLanguageLayout(args);

export default function LanguageLayout() {
  const { viewer, searchHome, announcements } = useLoaderData<typeof loader>();
  const kind = useLayoutKind();
  return (
    <>
      {/* Header, announcements and e-mail notice; the footer: server islands, no code at hydration (ADR 167). */}
      {kind !== "bare" ? <ChromeTop viewer={viewer} searchHome={searchHome} announcements={announcements} /> : null}
      {viewer ? <script src={NOTIFICATIONS_SCRIPT} defer /> : null}
      {viewer?.dollars ? <script src={WALLET_BALANCE_SCRIPT} defer /> : null}
      {viewer?.activityTracking ? <script src={ACTIVITY_SCRIPT} defer /> : null}
      {viewer ? <RealtimeConnector /> : null}
      <div id="main-content">
        {/* After a refused post, every page starts with what to fix (issue 25 item 5, ADR 071). */}
        <ErrorSummary />
        <Outlet />
      </div>
      {kind === "full" ? <ChromeFoot /> : null}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
