/** The back-office editors' few own styles: state pills, the "language missing" mark, language fieldsets, the diff. */
import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

const pill = style({
  display: "inline-block",
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
});

/** scheduled / active / ended (announcements), on / off (landing pages). */
export const state = styleVariants({
  scheduled: [pill, { background: vars.color.surfaceAlt, color: vars.color.accent }],
  active: [pill, { background: vars.color.successBg, color: vars.color.success }],
  ended: [pill, { background: vars.color.surfaceAlt, color: vars.color.textMuted }],
  on: [pill, { background: vars.color.successBg, color: vars.color.success }],
  off: [pill, { background: vars.color.dangerBg, color: vars.color.danger }],
  // Reported translation keys (ADR 139).
  open: [pill, { background: vars.color.dangerBg, color: vars.color.danger }],
  fixed: [pill, { background: vars.color.successBg, color: vars.color.success }],
  dismissed: [pill, { background: vars.color.surfaceAlt, color: vars.color.textMuted }],
});

/** The open keys per language and namespace: a wrapping row of links, no bullets. */
export const groupList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexWrap: "wrap", gap: vars.space.sm });

/** A reported key: long and unbroken (dots, underscores), so it may break anywhere. */
export const key = style({ overflowWrap: "anywhere", wordBreak: "break-word", fontSize: vars.font.sizeSm });

export const missing = style({ color: vars.color.danger, fontSize: vars.font.sizeSm, fontWeight: 600 });

export const text = style({ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" });

export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  margin: 0,
  minWidth: 0,
});

export const diff = style({ whiteSpace: "pre-wrap", overflowWrap: "anywhere", margin: 0 });
export const diffLine = styleVariants({
  same: { display: "block" },
  add: { display: "block", background: vars.color.successBg },
  del: { display: "block", background: vars.color.dangerBg },
});
