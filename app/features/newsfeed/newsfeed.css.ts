import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** A locked medium or a bundle: no photo, a calm panel in the tile's shape with what opening it takes. */
export const panel = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.xs,
  width: "100%",
  height: "100%",
  padding: vars.space.sm,
  textAlign: "center",
  color: vars.color.textMuted,
  background: `repeating-linear-gradient(135deg, ${vars.color.surfaceAlt}, ${vars.color.surfaceAlt} 12px, ${vars.color.surface} 12px, ${vars.color.surface} 24px)`,
  boxSizing: "border-box",
  overflowWrap: "anywhere",
});

export const panelTitle = style({ fontWeight: 600, color: vars.color.text });

export const lockMark = style({ display: "block", color: vars.color.textMuted });

export const price = style({
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 600,
});

/** The "more" link without JavaScript: a full-width button below the tiles, a large tap target. */
export const more = style({ display: "flex", justifyContent: "center", margin: `${vars.space.md} 0` });
