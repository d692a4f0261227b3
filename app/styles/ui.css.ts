import { style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

export const page = style({ maxWidth: vars.width.content, margin: "0 auto", padding: `${vars.space.lg} ${vars.space.md}` });
export const narrow = style({ maxWidth: vars.width.form, margin: "0 auto", padding: `${vars.space.lg} ${vars.space.md}` });
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.lg,
});
export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space.md });
/** A list without bullets or indent: entries are cards or rows of their own. */
export const plainList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.md });
/** A tighter list of entry cards (friends, notifications, tours): one card a line, small gaps. */
export const entryList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.sm });
export const entryCard = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
/** A section heading inside a card. */
export const sectionTitle = style({ fontSize: "1.15rem", margin: `${vars.space.md} 0 0` });
export const row = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });

export const button = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "44px",
  padding: `0 ${vars.space.lg}`,
  border: "none",
  borderRadius: vars.radius.sm,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.font.sizeMd,
  fontWeight: 600,
  cursor: "pointer",
  textDecoration: "none",
  selectors: { "&:hover": { background: vars.color.primaryHover, color: vars.color.onPrimary } },
});
export const buttonSecondary = style([
  button,
  {
    background: "transparent",
    color: vars.color.primary,
    border: `1px solid ${vars.color.primary}`,
    selectors: { "&:hover": { background: vars.color.surfaceAlt, color: vars.color.primaryHover } },
  },
]);
/** An action that reads as a link; it stands alone, so it gets a whole tap target (44 px) like a button. */
export const linkButton = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  background: "none",
  border: "none",
  padding: 0,
  color: "inherit",
  font: "inherit",
  textDecoration: "underline",
  cursor: "pointer",
});

export const field = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });
export const label = style({ fontWeight: 600 });
export const input = style({
  minHeight: "44px",
  padding: `0 ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.font.sizeMd,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger } },
});
/** Space is reserved so a vanishing error never moves the button under a click. */
export const fieldError = style({ minHeight: "1.4em", margin: 0, color: vars.color.danger, fontSize: vars.font.sizeSm });
export const alert = style({
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  background: vars.color.dangerBg,
  color: vars.color.danger,
  border: `1px solid ${vars.color.danger}`,
});
export const notice = style({
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  background: vars.color.successBg,
  color: vars.color.success,
  border: `1px solid ${vars.color.success}`,
});
/**
 * The one look of a checkbox or radio (issue 25 item 8): the sign-up wizard's large box in the brand colour, never the
 * browser's 13 px one. Every native checkbox and radio of the site gets it (global.css.ts); a class that sets its own
 * size names this one.
 */
export const CHOICE_CONTROL = { width: "24px", height: "24px", margin: 0, flex: "0 0 auto", accentColor: vars.color.primary } as const;
export const choiceControl = style(CHOICE_CONTROL);
/** A checkbox's or radio's label: the control and its words as one tap target of at least 44 × 44 px. */
export const checkboxRow = style({ display: "flex", gap: vars.space.sm, alignItems: "center", minHeight: "44px", minWidth: "44px" });
export const honeypot = style({ position: "absolute", left: "-10000px", width: "1px", height: "1px", overflow: "hidden" });

/** A row of tabs that wraps onto a second line rather than hide one off screen; the current one is underlined. */
export const tabBar = style({
  display: "flex",
  flexWrap: "wrap",
  listStyle: "none",
  padding: 0,
  margin: `${vars.space.md} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});

/** The same row kept on one line and scrolled sideways when wider than the phone (the date stages). */
export const scrollingTabBar = style([tabBar, { flexWrap: "nowrap", overflowX: "auto", scrollbarWidth: "thin" }]);

export const tab = style({
  display: "inline-flex",
  alignItems: "center",
  padding: `${vars.space.sm} 12px`,
  minHeight: "44px",
  textDecoration: "none",
  whiteSpace: "nowrap",
  selectors: { '&[aria-current="page"]': { borderBottom: `3px solid ${vars.color.primary}`, fontWeight: 600 } },
});

/** A link standing on its own line (back to the overview, on to the payouts): a 44 px target, aligned with the text. */
export const blockLink = style({ display: "inline-flex", alignItems: "center", minHeight: "44px", alignSelf: "flex-start" });
