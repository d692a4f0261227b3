import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** A locked medium's tile: the server's blurred preview with what opens it laid over its foot. */
export const lockedTile = style({ position: "relative", display: "block", borderRadius: vars.radius.sm, overflow: "hidden" });
export const lockedImage = style({
  width: "100%",
  height: "auto",
  aspectRatio: "3 / 4",
  objectFit: "cover",
  display: "block",
  background: vars.color.surfaceAlt,
});
export const lockBadge = style({
  position: "absolute",
  left: 0,
  right: 0,
  bottom: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: "rgba(18, 12, 28, 0.72)",
  color: "#ffffff",
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  textAlign: "center",
  overflowWrap: "anywhere",
});
/** The open view of a locked medium: the call to buy or subscribe, under the preview. */
export const lockedCall = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space.sm,
  padding: vars.space.md,
  textAlign: "center",
});
export const lockedCallLink = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "44px",
  padding: `0 ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontWeight: 600,
  textDecoration: "none",
});
/** Pages of the feature: a narrow column (confirmation, content creation). */
export const page = style({ maxWidth: "640px", margin: "0 auto", padding: `${vars.space.md} ${vars.space.md} ${vars.space.xl}` });
export const preview = style({ width: "100%", maxWidth: "320px", height: "auto", borderRadius: vars.radius.md, display: "block" });
export const facts = style({ display: "grid", gridTemplateColumns: "auto 1fr", gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 });
export const factValue = style({ margin: 0, fontWeight: 600 });
export const pickGrid = style({
  display: "grid",
  gridTemplateColumns: "repeat(3, 1fr)",
  gap: vars.space.xs,
  listStyle: "none",
  padding: 0,
  margin: 0,
  "@media": { "screen and (min-width: 768px)": { gridTemplateColumns: "repeat(5, 1fr)" } },
});
export const pickLink = style({
  display: "block",
  position: "relative",
  minHeight: "44px",
  borderRadius: vars.radius.sm,
  overflow: "hidden",
});
export const pickImage = style({ width: "100%", height: "auto", aspectRatio: "1 / 1", objectFit: "cover", display: "block" });
export const pickTag = style({
  position: "absolute",
  left: vars.space.xs,
  top: vars.space.xs,
  padding: `2px ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: "rgba(18, 12, 28, 0.72)",
  color: "#ffffff",
  fontSize: "0.75rem",
});
export const steps = style({ display: "flex", gap: vars.space.sm, flexWrap: "wrap", listStyle: "none", padding: 0, margin: 0 });
