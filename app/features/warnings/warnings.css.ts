/** The warning list's styles: the discreet badge (a details/summary that opens without JavaScript) and the cards. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const badge = style({
  border: `1px solid ${vars.color.border}`,
  borderLeft: `4px solid #b26a00`,
  borderRadius: vars.radius.sm,
  background: "#fff8ec",
  padding: `0 ${vars.space.sm}`,
  margin: `${vars.space.sm} 0`,
  maxWidth: "100%",
});

export const badgeSummary = style({
  cursor: "pointer",
  minHeight: "44px",
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  fontWeight: 600,
  color: "#7a4800",
  listStylePosition: "inside",
});

export const badgeText = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.font.sizeSm, color: vars.color.text });

export const quote = style({
  margin: 0,
  padding: vars.space.sm,
  borderLeft: `3px solid ${vars.color.border}`,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
});

export const choice = style({ display: "flex", alignItems: "center", gap: vars.space.sm, minHeight: "44px" });

export const flagged = style({
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerBg,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
});
