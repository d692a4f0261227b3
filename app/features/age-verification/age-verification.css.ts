/** Styles of the age verification page: the status line and its badge per status, the steps. */
import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const status = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm, margin: `${vars.space.sm} 0` });

const badgeBase = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "32px",
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.lg,
  fontWeight: 700,
  border: "1px solid",
});
export const badge = styleVariants({
  init: [badgeBase, { background: vars.color.surfaceAlt, color: vars.color.text, borderColor: vars.color.border }],
  pending: [badgeBase, { background: vars.color.surfaceAlt, color: vars.color.primary, borderColor: vars.color.primary }],
  verified: [badgeBase, { background: vars.color.successBg, color: vars.color.success, borderColor: vars.color.success }],
});

export const heading = style({ fontSize: vars.font.sizeLg, margin: `${vars.space.md} 0 0` });
export const steps = style({ margin: 0, paddingLeft: vars.space.lg, display: "grid", gap: vars.space.xs });

/** The team's forced-check form: folded until opened, so a queue item stays short. */
export const force = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.sm });
export const forceSummary = style({ cursor: "pointer", minHeight: "44px", display: "flex", alignItems: "center", fontWeight: 600 });
export const forceButtons = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });
