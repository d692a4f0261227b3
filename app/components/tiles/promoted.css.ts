import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The promoted slot (ADR 090): a framed band above the results, its own cards one per row on a phone. */
export const slot = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  padding: vars.space.sm,
  margin: `0 0 ${vars.space.md}`,
});

export const head = style({ display: "flex", alignItems: "baseline", gap: vars.space.sm, margin: `0 0 ${vars.space.sm}` });

/** The honest marking: a plain word, always visible, not a colour alone. */
export const label = style({
  padding: `0 ${vars.space.xs}`,
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  textTransform: "uppercase",
  letterSpacing: "0.04em",
});

export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.sm,
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { "screen and (min-width: 700px)": { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" } },
});

/** One card is one link (a tap target of at least 88 px height): photo left, name, place and headline right. */
export const card = style({
  display: "flex",
  gap: vars.space.sm,
  minHeight: "88px",
  padding: vars.space.xs,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&:hover, &:focus-visible": { color: vars.color.text } },
});

export const photo = style({
  flex: "0 0 72px",
  width: "72px",
  height: "96px",
  borderRadius: vars.radius.sm,
  overflow: "hidden",
  background: vars.color.surfaceAlt,
});

/** No photo to show (none accepted and public yet): the name's initial, like the tiles. */
export const initial = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  width: "100%",
  height: "100%",
  fontSize: vars.font.sizeLg,
  color: vars.color.textMuted,
});

export const image = style({ display: "block", width: "100%", height: "100%", objectFit: "cover" });

export const body = style({ display: "flex", flexDirection: "column", gap: "2px", minWidth: 0, overflowWrap: "anywhere" });

export const name = style({ fontWeight: 600, color: vars.color.primary });

export const line = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });

export const text = style({ fontSize: vars.font.sizeSm });
