import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import { dashboardOps } from "../../contract/operations/dashboard";
import { dashboardOverview } from "./overview";

/** The start page's cards in one call (ADR 160): always the caller's own (there is no parameter naming a member). */
export function registerStartPage({ v2 }: ModuleContext): void {
  v2.add(
    dashboardOps.overview,
    {
      summary:
        "What the caller's start page shows besides the charts, in one answer: the profile's completeness (null for staff), " +
        "the settings pages by group (as GET /settings), whether the phone is verified, the fsk18 age check's status, when " +
        "the special-category consent was given (null when it does not stand), and the texts waiting or refused lately, " +
        "photos waiting and photos refused lately (as GET /moderation/my).",
      tag: "dashboard",
      auth: "required",
      statuses: [401],
    },
    async (c, { user }) => ok(c, await dashboardOverview(c.get("deps"), user!)),
  );
}
