import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/**
 * The profile photo grid of search, home, nearby, directory and landing pages:
 * two columns on a phone, three from 600 px, four from 960 px. Columns are
 * minmax(0, 1fr) so a long name wraps instead of widening its column.
 */
export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: `${vars.space.md} ${vars.space.sm}`,
  listStyle: "none",
  padding: 0,
  margin: `0 0 ${vars.space.md}`,
  "@media": {
    "screen and (min-width: 600px)": { gridTemplateColumns: "repeat(3, minmax(0, 1fr))", gap: vars.space.md },
    "screen and (min-width: 960px)": { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" },
  },
});

/** The whole tile is one link: photo and text are one tap target. */
export const tile = style({
  display: "flex",
  flexDirection: "column",
  height: "100%",
  color: vars.color.text,
  textDecoration: "none",
  borderRadius: vars.radius.md,
  selectors: {
    "&:hover, &:focus-visible": { color: vars.color.text },
  },
});

export const media = style({
  position: "relative",
  display: "block",
  aspectRatio: "3 / 4",
  borderRadius: vars.radius.md,
  overflow: "hidden",
  background: vars.color.surfaceAlt,
});

export const image = style({ display: "block", width: "100%", height: "100%", objectFit: "cover" });

export const placeholder = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: "100%",
  height: "100%",
  fontSize: vars.font.sizeXl,
  color: vars.color.textMuted,
});

/** A small label on the photo (plus membership), readable on any picture. */
export const badge = style({
  position: "absolute",
  top: vars.space.xs,
  left: vars.space.xs,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
});

export const body = style({ display: "block", padding: `${vars.space.xs} 2px 0`, overflowWrap: "anywhere" });

export const name = style({
  display: "block",
  fontWeight: 600,
  color: vars.color.primary,
  selectors: { [`${tile}:hover &`]: { textDecoration: "underline" } },
});

export const line = style({ display: "block", color: vars.color.textMuted, fontSize: vars.font.sizeSm });
/** The contact rule's line (ADR 068): what a free member cannot do here, in the brand colour, not an alarm. */
export const ruleLine = style({ display: "block", color: vars.color.primary, fontSize: vars.font.sizeSm, fontWeight: 600 });
