// public/scripts/realtime.js: the site-wide socket for a signed-in member (app/features/realtime/connector.ts).
// Loaded once per page; a second copy (or a browser without WebSocket) does nothing.
import { startSiteConnector } from "~/features/realtime/connector";

if (typeof WebSocket !== "undefined" && !window.veloraRealtime) window.veloraRealtime = startSiteConnector(window);
