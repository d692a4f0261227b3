import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import * as ui from "~/styles/ui.css";

/** The contested decision and the complaint: one card each. */
export const card = style([ui.entryCard, { overflowWrap: "anywhere", display: "flex", flexDirection: "column", gap: vars.space.xs }]);
export const text = style({ margin: 0, whiteSpace: "pre-wrap" });
export const quote = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderLeft: `4px solid ${vars.color.primary}`,
  background: vars.color.surfaceAlt,
  whiteSpace: "pre-wrap",
});
/** A link on its own line, tall enough to tap (44 px). */
export const tapLink = style({ display: "inline-flex", alignItems: "center", minHeight: "44px" });
/** The two decisions of the queue's form, side by side, each a tap target. */
export const choice = style({ display: "flex", gap: vars.space.sm, alignItems: "center", minHeight: "44px" });
