import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const ranges = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, margin: `${vars.space.sm} 0` });
// Tap targets of at least 44 px; the current range is marked by colour and weight, not colour alone.
export const range = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: "none",
  selectors: {
    '&[aria-current="true"]': {
      background: vars.color.primary,
      borderColor: vars.color.primary,
      color: vars.color.onPrimary,
      fontWeight: 700,
    },
  },
});
export const figure = style({ margin: 0 });
export const svg = style({ display: "block", width: "100%", maxWidth: "480px", height: "auto", overflow: "visible" });
export const grid = style({ stroke: vars.color.border, strokeWidth: 1 });
// In viewBox units: about 11 px on a 390 px phone, 20 px at the chart's widest.
export const axisText = style({ fill: vars.color.textMuted, fontSize: "14px", fontFamily: vars.font.body });
export const bar = style({ fill: vars.color.primary });
const line = { fill: "none", strokeWidth: 2, strokeLinejoin: "round", strokeLinecap: "round" } as const;
export const lineFavorites = style({ ...line, stroke: vars.color.accent, strokeDasharray: "6 3" });
export const lineContacts = style({ ...line, stroke: vars.color.success, strokeDasharray: "2 3" });
export const caption = style({ marginTop: vars.space.sm });
export const legend = style({
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.md,
  fontSize: vars.font.sizeSm,
});
const swatch = { display: "inline-block", width: "14px", height: "10px", verticalAlign: "middle", borderRadius: "2px" } as const;
export const swatchViews = style({ ...swatch, background: vars.color.primary });
export const swatchFavorites = style({ ...swatch, height: "0", borderTop: `3px dashed ${vars.color.accent}` });
export const swatchContacts = style({ ...swatch, height: "0", borderTop: `3px dotted ${vars.color.success}` });
export const details = style({ marginTop: vars.space.sm });
// Stays a list item so the open/closed marker shows; the padding makes a 44 px tap target.
export const detailsSummary = style({ padding: "11px 0", cursor: "pointer", fontWeight: 600 });
export const tableWrap = style({ maxHeight: "320px", overflowY: "auto" });
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.font.sizeSm, fontVariantNumeric: "tabular-nums" });
globalStyle(`${table} th, ${table} td`, {
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: "right",
});
globalStyle(`${table} th:first-child`, { textAlign: "left", whiteSpace: "nowrap" });
// The earnings chart's kinds (issue 28 item 6): four fills, told apart in the legend and the table too.
export const earningFill = {
  bundles: style({ fill: vars.color.primary }),
  ppv: style({ fill: vars.color.accent }),
  fans: style({ fill: vars.color.success }),
  tips: style({ fill: vars.color.focus }),
};
export const earningSwatch = {
  bundles: style({ ...swatch, background: vars.color.primary }),
  ppv: style({ ...swatch, background: vars.color.accent }),
  fans: style({ ...swatch, background: vars.color.success }),
  tips: style({ ...swatch, background: vars.color.focus }),
};
