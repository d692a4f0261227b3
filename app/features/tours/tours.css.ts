import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.sm });

export const item = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const status = style({
  display: "inline-block",
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.font.sizeSm,
  background: vars.color.surfaceAlt,
  selectors: { '&[data-status="active"]': { background: vars.color.primary, color: "#fff" } },
});
