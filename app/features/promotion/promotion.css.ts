import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const heading = style({ fontSize: "1.15rem", margin: 0 });

export const benefits = style({ margin: 0, paddingLeft: "1.2em", display: "flex", flexDirection: "column", gap: vars.space.xs });

/** Label and value in two columns; on a phone the label above its value, so a longer value keeps the full width. */
export const facts = style({
  display: "grid",
  gridTemplateColumns: "minmax(8em, max-content) 1fr",
  gap: "6px 16px",
  margin: 0,
  "@media": { "screen and (max-width: 480px)": { gridTemplateColumns: "1fr", rowGap: 0 } },
});

export const factLabel = style({
  "@media": { "screen and (max-width: 480px)": { color: vars.color.textMuted, fontSize: vars.font.sizeSm, marginTop: vars.space.sm } },
});

export const factValue = style({ margin: 0, fontWeight: 600 });

export const historyRow = style({ display: "flex", justifyContent: "space-between", gap: vars.space.sm, flexWrap: "wrap" });

export const status = style({
  fontSize: vars.font.sizeSm,
  selectors: {
    '&[data-status="accepted"]': { color: vars.color.success },
    '&[data-status="rejected"]': { color: vars.color.danger },
  },
});

export const flush = style({ margin: 0 });

/** A promotion profile's headline in the history. */
export const quote = style({ margin: 0, fontStyle: "italic", overflowWrap: "anywhere" });

export const photoSet = style({
  border: 0,
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  minWidth: 0,
});

/** The photo choice: three columns on a phone, each a tap target of radio and photo together. */
export const photoGrid = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
  gap: vars.space.sm,
  "@media": { "screen and (min-width: 480px)": { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" } },
});

export const photoChoice = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space.xs,
  padding: vars.space.xs,
  minHeight: "44px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  cursor: "pointer",
  selectors: { "&:has(input:checked)": { borderColor: vars.color.primary, boxShadow: `0 0 0 2px ${vars.color.primary}` } },
});

export const photoThumb = style({
  display: "block",
  width: "100%",
  aspectRatio: "3 / 4",
  overflow: "hidden",
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
});

export const photoImage = style({ display: "block", width: "100%", height: "100%", objectFit: "cover" });

/** A waiting promotion in the back office: the photo beside the headline. */
export const reviewBody = style({ display: "flex", gap: vars.space.md, alignItems: "flex-start" });

export const reviewPhoto = style({
  flex: "0 0 96px",
  width: "96px",
  aspectRatio: "3 / 4",
  overflow: "hidden",
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
});

export const decisions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "flex-start" });
