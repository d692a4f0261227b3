import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** Mobile first: one column; two from 768 px. */
export const head = style({
  display: "grid",
  gridTemplateColumns: "96px 1fr",
  gap: vars.space.md,
  alignItems: "center",
  "@media": { "screen and (min-width: 768px)": { gridTemplateColumns: "160px 1fr" } },
});
export const avatar = style({
  width: "100%",
  height: "auto",
  aspectRatio: "3 / 4",
  objectFit: "cover",
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
export const avatarPlaceholder = style([
  avatar,
  { display: "flex", alignItems: "center", justifyContent: "center", fontSize: vars.font.sizeXl, color: vars.color.textMuted },
]);
export const name = style({ margin: 0, fontSize: vars.font.sizeXl });
export const badges = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  listStyle: "none",
  padding: 0,
  margin: `${vars.space.sm} 0 0`,
});
export const badge = style({
  fontSize: vars.font.sizeSm,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  color: vars.color.accent,
});
export const tabs = style({
  display: "flex",
  gap: vars.space.sm,
  overflowX: "auto",
  listStyle: "none",
  padding: 0,
  margin: `${vars.space.lg} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const tab = style({
  display: "inline-block",
  padding: `${vars.space.sm} ${vars.space.md}`,
  minHeight: "44px",
  textDecoration: "none",
  whiteSpace: "nowrap",
  selectors: { '&[aria-current="page"]': { borderBottom: `3px solid ${vars.color.primary}`, fontWeight: 600 } },
});
export const section = style({ marginTop: vars.space.lg });
export const gallery = style({
  display: "grid",
  gridTemplateColumns: "repeat(3, 1fr)",
  gap: vars.space.xs,
  listStyle: "none",
  padding: 0,
  margin: 0,
  "@media": {
    "screen and (min-width: 768px)": { gridTemplateColumns: "repeat(4, 1fr)" },
    "screen and (min-width: 1200px)": { gridTemplateColumns: "repeat(5, 1fr)" },
  },
});
export const galleryImage = style({
  width: "100%",
  height: "auto",
  aspectRatio: "3 / 4",
  objectFit: "cover",
  borderRadius: vars.radius.sm,
  display: "block",
});
export const facts = style({
  display: "grid",
  gridTemplateColumns: "minmax(120px, 40%) 1fr",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
export const factTerm = style({ color: vars.color.textMuted });
export const factValue = style({ margin: 0 });
export const table = style({ width: "100%", borderCollapse: "collapse" });
export const cell = style({ padding: `${vars.space.xs} 0`, borderBottom: `1px solid ${vars.color.border}`, textAlign: "left" });
export const prompt = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
});
export const text = style({ whiteSpace: "pre-line", overflowWrap: "anywhere" });
