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
