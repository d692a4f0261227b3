/**
 * The site-wide socket for a signed-in member (ADR 042 "Client"): a static script of its own, not React, because
 * most pages ship no framework at all (`handle.hydrate = false`) and the popups must work on them too. It costs one
 * small deferred file; pages with their own live client (the messenger) take the socket over (RealtimeProvider).
 */
export const REALTIME_CONNECTOR_SCRIPT = "/scripts/realtime.js";

export function RealtimeConnector() {
  return <script src={REALTIME_CONNECTOR_SCRIPT} defer />;
}
