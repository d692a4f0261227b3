/** Styles of the sign-up forms, the join choosers and the benefits pages. */
import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const fieldset = style({
  border: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  minWidth: 0,
});
export const choiceRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md });
/** 44px rows: easy targets on phones. */
export const choice = style({ display: "flex", alignItems: "center", gap: vars.space.sm, minHeight: "44px" });
// Three controls in a 390 px card: the month takes what the day and year leave, never more (a bare `1fr` grew to the
// longest month name and pushed the year out of the card), and the controls' inner padding is halved so "Dzień" and
// "październik" (Polish, the longest) show whole beside the select's arrow.
export const birthRow = style({
  display: "grid",
  gridTemplateColumns: "5.5em minmax(0, 1fr) 4.5em",
  gap: vars.space.sm,
  alignItems: "start",
});
globalStyle(`${birthRow} select, ${birthRow} input`, { paddingInline: vars.space.sm });

/** The big choices of join/user. */
export const bigChoices = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))",
  margin: `${vars.space.lg} 0`,
});
export const bigChoice = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: "none",
  minHeight: "140px",
  ":hover": { borderColor: vars.color.primary },
  ":focus-visible": { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" },
});
export const bigChoiceTitle = style({ fontSize: vars.font.sizeLg, fontWeight: 700, color: vars.color.primary });
export const benefitList = style({ margin: 0, paddingLeft: "1.2em", display: "flex", flexDirection: "column", gap: vars.space.xs });
export const benefitGrid = style({ display: "grid", gap: vars.space.md, gridTemplateColumns: "repeat(auto-fit, minmax(280px, 1fr))" });
