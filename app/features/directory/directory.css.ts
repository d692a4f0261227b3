import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const crumbs = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  listStyle: "none",
  padding: 0,
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.font.sizeSm,
});
export const crumb = style({
  selectors: { "&:not(:last-child)::after": { content: '"›"', marginLeft: vars.space.xs, color: vars.color.textMuted } },
});
export const places = style({
  listStyle: "none",
  padding: 0,
  display: "grid",
  gap: vars.space.sm,
  "@media": { "screen and (min-width: 768px)": { gridTemplateColumns: "repeat(2, 1fr)" } },
});
export const pager = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, listStyle: "none", padding: 0 });
export const pageLink = style({
  display: "inline-flex",
  minWidth: "44px",
  minHeight: "44px",
  alignItems: "center",
  justifyContent: "center",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  textDecoration: "none",
});
/** A city's spots: chips of 44 px tap height that wrap on a phone. */
export const spots = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, listStyle: "none", padding: 0 });
export const spotLink = style({
  display: "inline-flex",
  minHeight: "44px",
  alignItems: "center",
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  textDecoration: "none",
});
