import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const skip = style({
  position: "absolute",
  left: "-10000px",
  selectors: { "&:focus": { left: vars.space.md, top: vars.space.sm, zIndex: 10, background: vars.color.surface, padding: vars.space.sm } },
});
export const header = style({ background: vars.color.header, color: vars.color.onHeader });
export const headerInner = style({
  maxWidth: vars.width.content,
  margin: "0 auto",
  padding: `${vars.space.sm} ${vars.space.md}`,
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.md,
});
export const logo = style({
  color: vars.color.onHeader,
  fontWeight: 800,
  fontSize: vars.font.sizeLg,
  textDecoration: "none",
  marginRight: "auto",
});
export const nav = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "center" });
export const navLink = style({
  color: vars.color.onHeader,
  textDecoration: "none",
  padding: `${vars.space.xs} 0`,
  selectors: { "&:hover": { color: "#ffffff", textDecoration: "underline" }, '&[aria-current="page"]': { textDecoration: "underline" } },
});
export const headerButton = style({
  color: vars.color.onHeader,
  background: "transparent",
  border: `1px solid ${vars.color.onHeader}`,
  borderRadius: vars.radius.sm,
  padding: `${vars.space.xs} ${vars.space.md}`,
  font: "inherit",
  cursor: "pointer",
  textDecoration: "none",
});
export const footer = style({ marginTop: vars.space.xl, background: vars.color.surfaceAlt, borderTop: `1px solid ${vars.color.border}` });
export const footerInner = style({
  maxWidth: vars.width.content,
  margin: "0 auto",
  padding: `${vars.space.lg} ${vars.space.md}`,
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "repeat(auto-fit, minmax(180px, 1fr))",
});
export const footerList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.xs });
export const footerHeading = style({ fontSize: vars.font.sizeMd, margin: `0 0 ${vars.space.sm}` });

/** The e-mail verification line under the header: calm, readable, never in the way. */
export const notice = style({ background: vars.color.surfaceAlt, borderBottom: `1px solid ${vars.color.border}` });
export const noticeInner = style({
  maxWidth: vars.width.content,
  margin: "0 auto",
  padding: `${vars.space.sm} ${vars.space.md}`,
  fontSize: vars.font.sizeSm,
});
/** The unread count beside "Nachrichten" (ADR 043). */
export const navCount = style({
  display: "inline-block",
  marginLeft: "0.35em",
  minWidth: "1.5em",
  padding: "0 0.35em",
  borderRadius: "999px",
  background: "#ffffff",
  color: vars.color.primary,
  fontSize: vars.font.sizeSm,
  fontWeight: 700,
  textAlign: "center",
});
