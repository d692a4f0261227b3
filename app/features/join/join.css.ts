/**
 * Styles of the sign-up and join landing pages. NOTE: reconstructed by the
 * registration-steps helper after it overwrote this file by mistake; the
 * class names are the ones the sign-up components use — review the looks.
 */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  margin: 0,
  minWidth: 0,
});
export const choiceRow = style({ display: "flex", flexWrap: "wrap", gap: `${vars.space.sm} ${vars.space.lg}`, marginTop: vars.space.sm });
export const choice = style({ display: "flex", gap: vars.space.sm, alignItems: "center", minHeight: "44px" });
export const birthRow = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(96px, 1fr))",
  gap: vars.space.sm,
  alignItems: "end",
});
export const benefitList = style({ display: "grid", gap: vars.space.sm, paddingLeft: "1.4em", margin: 0 });
export const bigChoices = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))",
  gap: vars.space.md,
  margin: `${vars.space.lg} 0`,
});
export const bigChoice = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.lg,
  minHeight: "44px",
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&:hover, &:focus-visible": { borderColor: vars.color.primary, background: vars.color.surfaceAlt } },
});
export const bigChoiceTitle = style({ fontSize: vars.font.sizeLg, fontWeight: 700, color: vars.color.primary });
