import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const actions = style({ display: "flex", flexDirection: "column", gap: vars.space.md, margin: `${vars.space.md} 0` });

/** Report and block: quieter than the main actions, side by side where there is room. */
export const secondary = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "flex-start" });

/**
 * The summary of a disclosed action (report, block): a list item keeps the disclosure triangle on both, and the
 * padding makes the whole line a 44 px tap target, not just its words.
 */
export const disclosureSummary = style({
  display: "list-item",
  padding: "10px 0",
  lineHeight: "24px",
  cursor: "pointer",
  textDecoration: "underline",
});
