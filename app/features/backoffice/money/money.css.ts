import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The money pages' links: wrap on a phone, each a 44 px target. */
export const nav = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, margin: 0, padding: 0, listStyle: "none" });
export const navLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: "none",
  selectors: { '&[aria-current="page"]': { background: vars.color.primary, color: vars.color.onPrimary, borderColor: vars.color.primary } },
});

/** A filter form: fields side by side where they fit, stacked on a phone; the buttons level with the inputs. */
export const filters = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(140px, 1fr))",
  gap: `0 ${vars.space.md}`,
  alignItems: "end",
});
export const select = style({ minHeight: "44px", width: "100%" });

/** Wide tables scroll sideways inside their box on a phone instead of widening the page. */
export const tableWrap = style({
  overflowX: "auto",
  maxWidth: "100%",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.font.sizeSm, background: vars.color.surface });
export const cell = style({
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: "left",
  whiteSpace: "nowrap",
});
export const num = style([cell, { textAlign: "right", fontVariantNumeric: "tabular-nums" }]);
export const rowLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  color: vars.color.primary,
  fontWeight: 600,
});

/** Facts of one order: label and value in two columns. */
export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
export const factLabel = style({ color: vars.color.textMuted });
export const factValue = style({ margin: 0, overflowWrap: "anywhere" });

export const chart = style({ width: "100%", height: "auto", maxHeight: "320px", display: "block" });
export const legend = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: "none",
  fontSize: vars.font.sizeSm,
});
export const swatch = style({
  display: "inline-block",
  width: "12px",
  height: "12px",
  marginRight: vars.space.xs,
  verticalAlign: "middle",
});
export const negative = style({ color: vars.color.danger });
/** SVG fills through classes: a CSS variable in a presentation attribute is not reliable. */
export const barNet = style({ fill: vars.color.primary });
export const barVat = style({ fill: vars.color.accent, opacity: 0.55 });
export const barNegative = style({ fill: vars.color.danger });
export const axis = style({ stroke: vars.color.text, strokeWidth: 1 });
export const axisText = style({ fill: vars.color.textMuted, fontSize: "18px" });
/** The filter form's buttons take a row of their own under the fields. */
export const filterButtons = style({ gridColumn: "1 / -1" });
