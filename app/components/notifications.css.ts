import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { headerTool } from "./chrome.css";

/** The bell: a details/summary dropdown that works without JavaScript (ADR 044). */
export const bell = style({ position: "relative" });
export const bellSummary = style([
  headerTool,
  { listStyle: "none", cursor: "pointer", selectors: { "&::-webkit-details-marker": { display: "none" } } },
]);
export const badge = style({
  minWidth: "1.4em",
  padding: "0 5px",
  borderRadius: "999px",
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: "0.75rem",
  fontWeight: 700,
  lineHeight: 1.5,
  textAlign: "center",
});
export const panel = style({
  position: "absolute",
  right: 0,
  top: "calc(100% + 4px)",
  zIndex: 20,
  width: "min(340px, calc(100vw - 24px))",
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: "0 8px 24px rgba(31, 22, 48, 0.18)",
  padding: vars.space.sm,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  // On a phone the bell sits mid-header: the panel spans the screen instead of hanging off its left edge.
  "@media": { "screen and (max-width: 600px)": { position: "fixed", top: "auto", left: "12px", right: "12px", width: "auto" } },
});
export const panelList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column" });
export const panelItem = style({
  display: "block",
  padding: `${vars.space.sm} ${vars.space.sm}`,
  minHeight: "44px",
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: "none",
  fontSize: vars.font.sizeSm,
  selectors: { "&:hover": { background: vars.color.surfaceAlt } },
});
export const unread = style({ fontWeight: 600 });
/** The one highlighted entry (spec section 9 "display 1"): the newest unread. */
export const highlighted = style({ background: vars.color.surfaceAlt, borderLeft: `3px solid ${vars.color.primary}` });
export const when = style({ display: "block", color: vars.color.textMuted, fontSize: "0.75rem", fontWeight: 400 });
export const seeAll = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "44px",
  color: vars.color.primary,
  fontWeight: 600,
  textDecoration: "none",
  borderTop: `1px solid ${vars.color.border}`,
});
export const empty = style({ margin: 0, padding: vars.space.sm, color: vars.color.textMuted, fontSize: vars.font.sizeSm });

/** Announcements: one line each under the header, severity as the colour. */
export const announcements = style({ display: "flex", flexDirection: "column" });
export const announcement = style({ borderBottom: `1px solid ${vars.color.border}`, background: vars.color.surfaceAlt });
export const announcementWarning = style({ background: "#fff4d6" });
export const announcementCritical = style({ background: vars.color.dangerBg });
export const announcementInner = style({
  maxWidth: vars.width.content,
  margin: "0 auto",
  padding: `${vars.space.xs} ${vars.space.md}`,
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  fontSize: vars.font.sizeSm,
});
export const announcementText = style({ flex: 1, margin: 0 });
export const dismiss = style({
  minWidth: "44px",
  minHeight: "44px",
  border: "none",
  background: "transparent",
  color: vars.color.text,
  font: "inherit",
  fontSize: "1.25rem",
  cursor: "pointer",
});
