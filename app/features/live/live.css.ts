import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The live menu (browse, start, streaming live, watch recording): links as 44 px tap targets that wrap on phones. */
export const menu = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, margin: 0, padding: 0, listStyle: "none" });
export const menuLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontWeight: 600,
  textDecoration: "none",
});
export const menuCurrent = style([
  menuLink,
  { background: vars.color.primary, color: vars.color.onPrimary, borderColor: vars.color.primary },
]);

/** Stream tiles: one column on phones, more where there is room. */
export const grid = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))",
});
export const tile = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  minWidth: 0,
});
export const tileTitle = style({
  fontSize: "1.1rem",
  fontWeight: 700,
  overflowWrap: "anywhere",
  display: "block",
  padding: "6px 0",
  minHeight: "44px",
});
export const badges = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, alignItems: "center" });
export const badge = style({
  display: "inline-block",
  padding: "2px 8px",
  borderRadius: "999px",
  background: vars.color.surfaceAlt,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
});
export const liveBadge = style([badge, { background: vars.color.danger, color: "#fff" }]);
export const priceBadge = style([badge, { background: vars.color.accent, color: "#fff" }]);

/** The filter form: the selects side by side where there is room, the button after them. */
export const filters = style({
  display: "grid",
  gap: vars.space.sm,
  // One select per row on a phone (a category name must not be cut), side by side from tablet width.
  gridTemplateColumns: "repeat(auto-fit, minmax(190px, 1fr))",
  alignItems: "end",
});

// The video is black itself (live-player.css.ts); the caption under it keeps the page background, so its text stays legible.
export const player = style({ width: "100%" });
export const facts = style({ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "6px 16px", margin: 0 });
export const heading = style({ fontSize: "1.15rem", margin: 0 });

/** A recording's video: full width, black behind the frame while it loads (the native controls are the browser's). */
export const recordingVideo = style({ width: "100%", aspectRatio: "16 / 9", background: "#000", borderRadius: vars.radius.md });
/** Links on their own line (a recording's creator, the file, report, terms): 44 px tall tap targets on a phone. */
export const tapLink = style({ display: "inline-block", padding: "10px 0", minHeight: "44px", overflowWrap: "anywhere" });
/** Title links on the recordings lists: the whole line is the tap target. */
export const recordingLink = style([tapLink, { fontWeight: 700 }]);
