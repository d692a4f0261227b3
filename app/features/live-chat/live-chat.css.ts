/** The live chat panel and page (ADR 126): lines newest last, compact on a phone, every action a 44 px target. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const panel = style({ display: "flex", flexDirection: "column", gap: vars.space.sm, scrollMarginTop: "80px" });

export const head = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  justifyContent: "space-between",
  gap: vars.space.sm,
});

export const lines = style({
  listStyle: "none",
  margin: 0,
  padding: vars.space.sm,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  maxHeight: "60vh",
  overflowY: "auto",
});

export const line = style({
  display: "flex",
  flexDirection: "column",
  gap: "2px",
  padding: `${vars.space.xs} 0`,
  overflowWrap: "anywhere",
});

export const author = style({ fontWeight: 600, marginRight: vars.space.xs });

export const tipLine = style({ fontWeight: 600, color: vars.color.primary });

export const time = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm, marginLeft: vars.space.xs });

export const moderation = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });

/** A small action button that is still a whole tap target. */
export const smallButton = style({
  minHeight: "44px",
  minWidth: "44px",
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.font.sizeSm,
  cursor: "pointer",
});

export const sayRow = style({ display: "flex", gap: vars.space.sm, alignItems: "flex-end" });

export const sayInput = style({ flex: "1 1 auto", minWidth: 0 });

export const amounts = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });

export const amountButton = style({
  minHeight: "44px",
  minWidth: "64px",
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.primary}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.primary,
  fontWeight: 600,
  cursor: "pointer",
});
