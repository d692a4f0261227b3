import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/**
 * Bundle tiles. On phones my_bundles shows a grid of 2 or a list of 1 (spec section 3 "Mobile list", the member's
 * toggle); wider screens always show a grid of 3 or 4.
 */
export const grid = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  "@media": {
    "screen and (min-width: 768px)": { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" },
    "screen and (min-width: 1200px)": { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" },
  },
});

export const list = style([
  grid,
  {
    gridTemplateColumns: "minmax(0, 1fr)",
    "@media": { "screen and (min-width: 768px)": { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" } },
  },
]);

export const tile = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  minWidth: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});

export const preview = style({
  display: "block",
  width: "100%",
  aspectRatio: "4 / 3",
  objectFit: "cover",
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
});

export const tileTitle = style({ margin: 0, fontSize: "1rem", overflowWrap: "anywhere" });

export const facts = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, fontSize: vars.font.sizeSm, alignItems: "center" });

export const status = style({ fontWeight: 600, fontSize: vars.font.sizeSm });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });

/** Action buttons in a tile: a full 44 px target even in a narrow column. */
export const actionButton = style({ minHeight: "44px", flex: "1 1 auto" });

export const toggle = style({ display: "flex", gap: vars.space.sm, alignItems: "center", flexWrap: "wrap" });

export const toggleLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  padding: `0 ${vars.space.md}`,
  borderRadius: "999px",
  border: `1px solid ${vars.color.border}`,
  textDecoration: "none",
});

export const toggleActive = style({ background: vars.color.primary, color: vars.color.onPrimary, borderColor: vars.color.primary });

/** The selection step: media as tiles with a large checkbox each. */
export const pickGrid = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.sm,
  gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
  "@media": { "screen and (min-width: 768px)": { gridTemplateColumns: "repeat(5, minmax(0, 1fr))" } },
});

export const pick = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  gap: "2px",
  cursor: "pointer",
});

export const pickImage = style({ width: "100%", aspectRatio: "3 / 4", objectFit: "cover", borderRadius: vars.radius.sm, display: "block" });

export const pickBox = style({
  position: "absolute",
  top: "6px",
  left: "6px",
  width: "28px",
  height: "28px",
  margin: 0,
  accentColor: vars.color.primary,
});

/** A tap target around the checkbox: the whole label is 44 px at least. */
export const pickLabel = style({ display: "block", minHeight: "44px" });

export const mediaGrid = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.sm,
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  "@media": { "screen and (min-width: 768px)": { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" } },
});

export const mediaImage = style({ width: "100%", height: "auto", display: "block", borderRadius: vars.radius.sm });

export const steps = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap", margin: 0, padding: 0, listStyle: "none" });
export const stepCurrent = style({ fontWeight: 700 });

/** The delete disclosure: its summary is a button-sized target, its content the confirming button. */
export const confirm = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, flex: "1 1 100%" });
