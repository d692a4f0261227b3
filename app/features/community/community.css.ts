import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/**
 * The searches' results. Events: tiles 4, 3 or 2 per row on wide, medium and narrow desktops (spec section 9), 2 on
 * large phones and 1 on small ones; blogs: 3, 2 or 1. The list view is one entry a row everywhere.
 */
const gridBase = {
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "minmax(0, 1fr)",
} as const;

export const eventTiles = style({
  ...gridBase,
  "@media": {
    "screen and (min-width: 480px)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    "screen and (min-width: 900px)": { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" },
    "screen and (min-width: 1200px)": { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" },
  },
});

export const blogTiles = style({
  ...gridBase,
  "@media": {
    "screen and (min-width: 700px)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    "screen and (min-width: 1100px)": { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" },
  },
});

export const list = style({ ...gridBase, gap: vars.space.sm });

export const tile = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  minWidth: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});

export const listEntry = style([tile, { padding: `${vars.space.sm} ${vars.space.md}` }]);

export const tileTitle = style({
  margin: 0,
  fontSize: "1.05rem",
  overflowWrap: "anywhere",
});

/** The title's link fills a whole line: a tap target of 44 px. */
export const tileLink = style({ display: "inline-flex", alignItems: "center", minHeight: "44px", textDecoration: "none" });

export const badge = style({
  alignSelf: "flex-start",
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  fontSize: vars.font.sizeSm,
});

export const meta = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, overflowWrap: "anywhere" });

export const filters = style({
  display: "grid",
  gap: vars.space.sm,
  gridTemplateColumns: "minmax(0, 1fr)",
  alignItems: "end",
  padding: `0 ${vars.space.md} ${vars.space.md}`,
  "@media": {
    "screen and (min-width: 600px)": { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    "screen and (min-width: 1000px)": { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" },
  },
});

export const select = style({ minHeight: "44px", width: "100%" });

export const toolbar = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "center",
  justifyContent: "space-between",
});

export const categoryLinks = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, listStyle: "none", margin: 0, padding: 0 });

export const chip = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  textDecoration: "none",
  selectors: { '&[aria-current="page"]': { background: vars.color.primary, color: vars.color.onPrimary, borderColor: vars.color.primary } },
});

export const pager = style({ display: "flex", gap: vars.space.sm, justifyContent: "space-between", flexWrap: "wrap" });

export const filterBox = style({ borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}`, background: vars.color.surface });

export const filterSummary = style({
  display: "flex",
  alignItems: "center",
  minHeight: "44px",
  padding: `0 ${vars.space.md}`,
  fontWeight: 600,
  cursor: "pointer",
});
