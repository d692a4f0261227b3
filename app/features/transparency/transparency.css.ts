/** The transparency report's tables and the trusted flaggers' list (issue 30 item 4). */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** A table fits a 390 px phone: two columns, the label wraps, the number stays right. */
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.font.sizeSm, background: vars.color.surface });
export const cell = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: "left",
});
export const number = style([cell, { textAlign: "right", whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }]);
export const caption = style({ textAlign: "left", fontWeight: 600, padding: `${vars.space.sm} 0` });
export const downloads = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });
export const periodForm = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "flex-end" });
