import { style } from "@vanilla-extract/css";
// Relative: the vanilla-extract compiler does not resolve the #server alias.
import { GALLERY_COLUMNS } from "../../../server/contract/media-gallery";
import { vars } from "~/styles/theme.css";

/** Spec: 3, 4, 5, 5, 7 columns from 320, 768, 960, 1200, 1556 px (one source: contract/media-gallery). */
export const grid = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.sm,
  gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
  "@media": Object.fromEntries(
    GALLERY_COLUMNS.map(({ minWidth, columns }) => [
      `screen and (min-width: ${minWidth}px)`,
      { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` },
    ]),
  ),
});

export const tile = style({ display: "flex", flexDirection: "column", gap: "2px", minWidth: 0 });

export const tileLink = style({
  position: "relative",
  display: "block",
  aspectRatio: "3 / 4",
  borderRadius: vars.radius.sm,
  overflow: "hidden",
  background: vars.color.surfaceAlt,
  outlineOffset: "2px",
});

export const tileSelected = style({ boxShadow: `0 0 0 3px ${vars.color.primary}` });

export const tileImage = style({ width: "100%", height: "100%", objectFit: "cover", display: "block" });

export const badges = style({
  position: "absolute",
  top: "4px",
  left: "4px",
  display: "flex",
  flexWrap: "wrap",
  gap: "2px",
});

export const badge = style({
  background: vars.color.header,
  color: vars.color.onHeader,
  fontSize: "0.7rem",
  lineHeight: 1.3,
  padding: "1px 5px",
  borderRadius: "999px",
});

export const status = style({ fontSize: "0.75rem", fontWeight: 600, overflowWrap: "anywhere" });
export const statusPending = style({ color: vars.color.textMuted });
export const statusAccepted = style({ color: vars.color.success });
export const statusRejected = style({ color: vars.color.danger });

export const tileMeta = style({ fontSize: "0.75rem", color: vars.color.textMuted, overflowWrap: "anywhere" });

export const manage = style({
  display: "grid",
  gap: vars.space.md,
  "@media": { "screen and (min-width: 768px)": { gridTemplateColumns: "240px 1fr" } },
});

export const preview = style({ width: "100%", maxWidth: "240px", height: "auto", borderRadius: vars.radius.sm, display: "block" });

export const facts = style({ display: "grid", gridTemplateColumns: "auto 1fr", gap: `2px ${vars.space.sm}`, margin: 0 });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

export const inlineForm = style({ display: "contents" });

export const pager = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center", justifyContent: "center" });

export const pagerLink = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minWidth: "44px",
  minHeight: "44px",
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  textDecoration: "none",
});

export const pagerCurrent = style({ background: vars.color.primary, color: vars.color.onPrimary, borderColor: vars.color.primary });

export const choices = style({ border: "none", margin: 0, padding: 0, display: "flex", flexWrap: "wrap", gap: `0 ${vars.space.md}` });

export const choice = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xs, minHeight: "44px" });

export const empty = style({
  padding: vars.space.lg,
  textAlign: "center",
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

/** A video tile while it is encoded: a neutral block with its state, the tile's shape kept. */
export const videoPlaceholder = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: "100%",
  height: "100%",
  minHeight: "120px",
  margin: 0,
  padding: vars.space.xs,
  textAlign: "center",
  fontSize: "0.8rem",
  color: vars.color.textMuted,
  background: vars.color.surfaceAlt,
});

/** The play mark and length on a video tile. */
export const videoMark = style({
  position: "absolute",
  right: "4px",
  bottom: "4px",
  background: vars.color.header,
  color: vars.color.onHeader,
  fontSize: "0.75rem",
  lineHeight: 1.3,
  padding: "1px 6px",
  borderRadius: "999px",
});
