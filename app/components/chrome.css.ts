import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { visuallyHidden } from "~/styles/visually-hidden";

export const skip = style({
  position: "absolute",
  left: "-10000px",
  selectors: { "&:focus": { left: vars.space.md, top: vars.space.sm, zIndex: 10, background: vars.color.surface, padding: vars.space.sm } },
});
export const header = style({ background: vars.color.header, color: vars.color.onHeader });
/** The width from which the header is one row and its tools show their labels. */
const WIDE = "screen and (min-width: 760px)";
export const headerInner = style({
  maxWidth: vars.width.content,
  margin: "0 auto",
  padding: `${vars.space.xs} ${vars.space.md}`,
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gridTemplateAreas: '"logo tools" "nav nav"',
  alignItems: "center",
  columnGap: vars.space.md,
  "@media": {
    [WIDE]: { gridTemplateColumns: "auto 1fr auto", gridTemplateAreas: '"logo nav tools"', padding: `${vars.space.sm} ${vars.space.md}` },
  },
});
export const logo = style({
  gridArea: "logo",
  color: vars.color.onHeader,
  fontWeight: 800,
  fontSize: vars.font.sizeLg,
  textDecoration: "none",
});
/**
 * The sections: they wrap onto a second row on a phone rather than scroll sideways. One row that scrolled cut the
 * signed-in member's last section to "Mei…" at 390 px (issue 25 item 8), and nothing showed that it could be swiped.
 */
export const nav = style({
  gridArea: "nav",
  display: "flex",
  flexWrap: "wrap",
  columnGap: vars.space.md,
  rowGap: 0,
  alignItems: "center",
  minWidth: 0,
  whiteSpace: "nowrap",
});
export const navLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  color: vars.color.onHeader,
  textDecoration: "none",
  selectors: { "&:hover": { color: "#ffffff", textDecoration: "underline" }, '&[aria-current="page"]': { textDecoration: "underline" } },
});
/** Messages, the bell and the dashboard: icons of 44 px on a phone, icons with their words on a wide screen. */
export const tools = style({
  gridArea: "tools",
  display: "flex",
  alignItems: "center",
  justifyContent: "flex-end",
  gap: vars.space.xs,
  paddingBlock: vars.space.xs,
  "@media": { [WIDE]: { gap: vars.space.sm } },
});
/** An icon of the header's tools at a 44 px target (also the bell's summary). */
export const headerTool = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.xs,
  minWidth: "44px",
  minHeight: "44px",
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  color: vars.color.onHeader,
  textDecoration: "none",
  selectors: { "&:hover": { background: "rgba(255,255,255,0.08)" } },
});
export const toolLink = style([
  headerTool,
  { selectors: { '&[aria-current="page"]': { boxShadow: `inset 0 -2px 0 ${vars.color.onHeader}` } } },
]);
/** Visually hidden on a phone (the icon speaks, the word stays for screen readers), shown on a wide screen. */
export const toolLabel = style({
  ...visuallyHidden,
  "@media": { [WIDE]: { position: "static", width: "auto", height: "auto", overflow: "visible", clip: "auto" } },
});
export const wideOnly = style({ display: "none", "@media": { [WIDE]: { display: "block" } } });
export const narrowOnly = style({ "@media": { [WIDE]: { display: "none" } } });
export const headerButton = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  color: vars.color.onHeader,
  background: "transparent",
  border: `1px solid ${vars.color.onHeader}`,
  borderRadius: vars.radius.sm,
  padding: `0 ${vars.space.sm}`,
  font: "inherit",
  cursor: "pointer",
  textDecoration: "none",
  whiteSpace: "nowrap",
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
  minWidth: "1.5em",
  padding: "0 0.35em",
  borderRadius: "999px",
  background: "#ffffff",
  color: vars.color.primary,
  fontSize: vars.font.sizeSm,
  fontWeight: 700,
  textAlign: "center",
});
