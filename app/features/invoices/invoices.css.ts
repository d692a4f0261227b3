import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** One invoice: number and amount on the first line, date and status under it, the downloads as tap-sized links. */
export const item = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  paddingBottom: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const head = style({ display: "flex", justifyContent: "space-between", gap: vars.space.sm, flexWrap: "wrap", fontWeight: 600 });
export const downloads = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });
export const download = style({ display: "inline-flex", alignItems: "center", minHeight: "44px", padding: `0 ${vars.space.sm}` });
