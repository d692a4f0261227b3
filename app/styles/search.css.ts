import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

/** The search form's extra pieces: range pairs, counts, the city combobox. */
/** The body of the "more filters" disclosure: a little air below its summary. */
export const moreBody = style({ marginTop: vars.space.sm });
export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: vars.space.sm,
  margin: 0,
});
export const rangePair = style({ display: "flex", gap: vars.space.xs, alignItems: "center" });
export const rangeInput = style({ width: "6em" });
export const count = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm, fontVariantNumeric: "tabular-nums" });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: `${vars.space.xs} ${vars.space.md}`, fontSize: vars.font.sizeSm });
export const combobox = style({ position: "relative" });
export const listbox = style({
  position: "absolute",
  zIndex: 10,
  top: "100%",
  left: 0,
  right: 0,
  margin: 0,
  padding: 0,
  listStyle: "none",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  maxHeight: "16rem",
  overflowY: "auto",
});
export const option = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  cursor: "pointer",
  minHeight: "44px",
  display: "flex",
  alignItems: "center",
});
globalStyle(`${option}[aria-selected="true"]`, {
  background: vars.color.surfaceAlt,
  outline: `2px solid ${vars.color.focus}`,
  outlineOffset: "-2px",
});

/** Headline and the search-mode link on one line when they fit. */
export const head = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  gap: `0 ${vars.space.md}`,
  marginBottom: vars.space.sm,
});
export const headTitle = style({ margin: 0 });

/** What is searched, in one line above the results: the total and each active filter. */
export const summary = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  alignItems: "center",
  listStyle: "none",
  padding: 0,
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.font.sizeSm,
});
export const summaryTotal = style({ fontWeight: 600, fontSize: vars.font.sizeMd, marginRight: vars.space.xs });
export const chip = style({
  padding: `2px ${vars.space.sm}`,
  borderRadius: "999px",
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  overflowWrap: "anywhere",
});

/**
 * Results first, filters folded (a native <details>: opens without
 * JavaScript). From 1024 px the filters stand beside the results, always
 * open (::details-content shows a closed disclosure's body where supported).
 */
export const layout = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.md,
  "@media": { "screen and (min-width: 1024px)": { gridTemplateColumns: "300px minmax(0, 1fr)", alignItems: "start" } },
});
export const filters = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
});
/** The disclosure's summary keeps its native marker; padding makes it a 44 px tap target. */
export const filtersToggle = style({
  minHeight: "44px",
  padding: `10px ${vars.space.md}`,
  fontWeight: 600,
  cursor: "pointer",
  color: vars.color.primary,
});
export const filtersBody = style({ padding: `0 ${vars.space.md} ${vars.space.md}` });
globalStyle(`${filters}[open] > ${filtersToggle}`, { borderBottom: `1px solid ${vars.color.border}`, marginBottom: vars.space.md });
globalStyle(`${filters}::details-content`, {
  "@media": { "screen and (min-width: 1024px)": { contentVisibility: "visible" } },
});
globalStyle(`${filters} > ${filtersToggle}`, { "@media": { "screen and (min-width: 1024px)": { display: "none" } } });
globalStyle(`${filters} > ${filtersBody}`, { "@media": { "screen and (min-width: 1024px)": { paddingTop: vars.space.md } } });
export const results = style({ minWidth: 0 });
export const pager = style({ justifyContent: "center", margin: `${vars.space.md} 0` });
/** The reset links above the results: a row of 44 px tap targets. */
export const resets = style({
  display: "flex",
  flexWrap: "wrap",
  gap: `0 ${vars.space.md}`,
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.font.sizeSm,
});
globalStyle(`${resets} > a`, { display: "inline-flex", alignItems: "center", minHeight: "44px" });
