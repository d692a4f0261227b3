// public/scripts/activity.js: the activity tracker (app/features/activity/tracker.ts, ADR 132). The layout includes it
// only for members whose consent stands; it still sends nothing when the browser says "do not track".
import { ACTIVITY_WEB_PATH } from "#server/contract/activity-tracker";
import { browserSaysDoNotTrack, createTracker } from "~/features/activity/tracker";

const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
if (!browserSaysDoNotTrack(nav)) {
  const gzip =
    typeof CompressionStream === "function"
      ? async (body: string) =>
          new Uint8Array(await new Response(new Blob([body]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer())
      : null;
  const tracker = createTracker({
    endpoint: ACTIVITY_WEB_PATH,
    fetch: (url, init) => fetch(url, init),
    gzip,
    beacon: typeof nav.sendBeacon === "function" ? (url, body) => nav.sendBeacon(url, new Blob([body], { type: "text/plain" })) : null,
    now: Date.now,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
  });
  // A profile page names its profile (ProfileHead): one view; its phone and website links say which they are.
  const profile = Number(document.querySelector<HTMLElement>("[data-activity-profile]")?.dataset.activityProfile);
  if (profile > 0) {
    tracker.track({ object: profile, title: "profile_view", provider: "profile" });
    document.addEventListener("click", (event) => {
      const link = (event.target as Element | null)?.closest<HTMLElement>("[data-activity-click]");
      const kind = link?.dataset.activityClick;
      if (kind === "phone" || kind === "website")
        tracker.track({ object: profile, title: `${kind}_click`, target: kind, provider: "profile" });
    });
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") tracker.flush(true);
  });
  window.addEventListener("pagehide", () => tracker.flush(true));
}
