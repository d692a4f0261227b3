import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** Side navigation beside the text on wide screens, above it on phones. */
export const layout = style({
  maxWidth: vars.width.content,
  margin: "0 auto",
  padding: `${vars.space.lg} ${vars.space.md}`,
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "minmax(0, 1fr)",
  "@media": { "screen and (min-width: 860px)": { gridTemplateColumns: "220px minmax(0, 1fr)" } },
});

export const layoutSingle = style({ maxWidth: vars.width.content, margin: "0 auto", padding: `${vars.space.lg} ${vars.space.md}` });

export const sideNav = style({
  alignSelf: "start",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
});
export const sideNavHeading = style({ fontSize: vars.font.sizeMd, margin: `0 0 ${vars.space.sm}` });
export const sideNavList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
});
export const sideNavLink = style({
  display: "block",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  textDecoration: "none",
  color: vars.color.text,
  selectors: {
    "&:hover": { background: vars.color.surfaceAlt, color: vars.color.text },
    '&[aria-current="page"]': { background: vars.color.surfaceAlt, fontWeight: 700, color: vars.color.primary },
  },
});

export const article = style({ minWidth: 0 });
export const updated = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm, margin: `0 0 ${vars.space.lg}` });

/** Long-form text: a readable measure, generous spacing, tables that scroll instead of overflowing. */
export const prose = style({ maxWidth: "72ch", fontSize: "1.0625rem", lineHeight: 1.65, overflowWrap: "break-word" });
globalStyle(`${prose} h2`, { fontSize: vars.font.sizeLg, margin: `${vars.space.xl} 0 ${vars.space.sm}` });
globalStyle(`${prose} h3`, { fontSize: "1.1rem", margin: `${vars.space.lg} 0 ${vars.space.sm}` });
globalStyle(`${prose} h4, ${prose} h5, ${prose} h6`, { fontSize: vars.font.sizeMd, margin: `${vars.space.md} 0 ${vars.space.xs}` });
globalStyle(`${prose} p, ${prose} ul, ${prose} ol, ${prose} blockquote, ${prose} pre`, { margin: `0 0 ${vars.space.md}` });
globalStyle(`${prose} ul, ${prose} ol`, { paddingLeft: "1.4em" });
globalStyle(`${prose} li + li`, { marginTop: vars.space.xs });
globalStyle(`${prose} a`, { textDecorationThickness: "1px", textUnderlineOffset: "2px" });
globalStyle(`${prose} blockquote`, {
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderLeft: `4px solid ${vars.color.primary}`,
  background: vars.color.surfaceAlt,
  borderRadius: `0 ${vars.radius.sm} ${vars.radius.sm} 0`,
});
globalStyle(`${prose} blockquote > :last-child`, { marginBottom: 0 });
globalStyle(`${prose} table`, {
  display: "block",
  overflowX: "auto",
  borderCollapse: "collapse",
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.font.sizeSm,
});
globalStyle(`${prose} th, ${prose} td`, {
  border: `1px solid ${vars.color.border}`,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  textAlign: "left",
  verticalAlign: "top",
});
globalStyle(`${prose} th`, { background: vars.color.surfaceAlt });
globalStyle(`${prose} code`, { fontSize: "0.95em", background: vars.color.surfaceAlt, padding: "0 0.25em", borderRadius: "3px" });
globalStyle(`${prose} hr`, { border: 0, borderTop: `1px solid ${vars.color.border}`, margin: `${vars.space.lg} 0` });

/** Previous versions stand alone (no header or footer): a plain, printable page. */
export const bare = style({ maxWidth: "80ch", margin: "0 auto", padding: `${vars.space.lg} ${vars.space.md}` });
export const versionNote = style({
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
  margin: `0 0 ${vars.space.lg}`,
});

export const formSection = style({
  maxWidth: "72ch",
  marginTop: vars.space.xl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
});
