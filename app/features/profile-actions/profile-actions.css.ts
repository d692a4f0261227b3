import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const actions = style({ display: "flex", flexDirection: "column", gap: vars.space.md, margin: `${vars.space.md} 0` });

/** Report and block: quieter than the main actions, side by side where there is room. */
export const secondary = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "flex-start" });

/** The summary of a disclosed action (report, block): a full tap target, not just its words. */
export const disclosureSummary = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  cursor: "pointer",
  textDecoration: "underline",
});
