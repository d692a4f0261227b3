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

/** A locked medium's panel over its blurred preview (the server's rendering): light text on a dimmed picture. */
export const withPreview = style({ position: "relative", overflow: "hidden", color: "#fff", background: "#2a2230" });

export const previewImage = style({
  position: "absolute",
  inset: 0,
  width: "100%",
  height: "100%",
  objectFit: "cover",
  filter: "brightness(0.7)",
});

/** The panel's words and marks, above the preview when there is one. */
export const panelContent = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space.xs,
  textShadow: "0 1px 2px rgba(0, 0, 0, 0.6)",
  selectors: { [`${withPreview} &`]: { color: "#fff" } },
});

export const panelTitle = style({ fontWeight: 600, color: vars.color.text, selectors: { [`${withPreview} &`]: { color: "#fff" } } });

export const lockMark = style({ display: "block", color: "inherit" });

export const price = style({
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 600,
});

/** The "more" link without JavaScript: a full-width button below the tiles, a large tap target. */
export const more = style({ display: "flex", justifyContent: "center", margin: `${vars.space.md} 0` });

/** A live item's state: a small label on the panel ("live now" in the danger colour, the rest muted). */
export const liveState = style({
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 600,
});
export const liveNow = style([liveState, { background: vars.color.danger, color: "#fff" }]);
