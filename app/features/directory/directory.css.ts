import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const crumbs = style({
  display: "flex",
  flexWrap: "wrap",
  // The links are 44-px tap targets and the current page is plain text: centre them on one line.
  alignItems: "center",
  gap: vars.space.xs,
  listStyle: "none",
  padding: 0,
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.font.sizeSm,
});
/** Each crumb's link is a whole tap target (44 px high) on a phone. */
export const crumb = style({
  display: "inline-flex",
  alignItems: "center",
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

/** The location guide's places to pick from: one whole-width row per place, a 44 px tap target each. */
export const choiceList = style({ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: vars.space.xs });
export const choice = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-start",
  justifyContent: "center",
  minHeight: "44px",
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  textDecoration: "none",
});
/** Term and text of the location guide's explanation, readable on a phone. */
export const explain = style({ margin: 0 });
globalStyle(`${explain} dt`, { fontWeight: 600, marginTop: vars.space.md });
globalStyle(`${explain} dd`, { margin: `${vars.space.xs} 0 0` });
/** A block of the guides below a card or list: room above its heading. */
export const guideSection = style({ marginTop: vars.space.lg });
/** The guide's city lists: links in a list are tapped on phones, so each gets 44 px of height. */
export const placeList = style({ listStyle: "none", padding: 0, margin: 0 });
export const placeLink = style({ display: "inline-flex", alignItems: "center", minHeight: "44px" });
/** The seo guide's levels: one block each; an example address is a 44 px tap target that wraps after its slashes. */
export const levels = style({ paddingLeft: vars.space.lg, display: "grid", gap: vars.space.md });
export const levelText = style({ margin: `${vars.space.xs} 0 0` });
export const exampleLink = style({ display: "inline-block", paddingBlock: "12px", overflowWrap: "anywhere" });
globalStyle(`${crumb} a`, { display: "inline-flex", alignItems: "center", minHeight: "44px" });
