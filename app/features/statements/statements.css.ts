import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import * as ui from "~/styles/ui.css";

/** One statement in the list: reference and state, what was decided, when. */
export const card = style([ui.entryCard, { overflowWrap: "anywhere" }]);
export const head = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "baseline",
  justifyContent: "space-between",
});
export const line = style({ margin: 0 });

const badge = style({ fontSize: vars.font.sizeSm, fontWeight: 600, padding: `2px ${vars.space.sm}`, borderRadius: vars.radius.sm });
export const badgeOpen = style([badge, { background: vars.color.surfaceAlt, color: vars.color.accent }]);
export const badgeClosed = style([badge, { background: vars.color.surfaceAlt, color: vars.color.textMuted }]);
export const badgeReversed = style([badge, { background: vars.color.successBg, color: vars.color.success }]);

/** A link on its own line, tall enough to tap (44 px). */
export const tapLink = style({ display: "inline-flex", alignItems: "center", minHeight: "44px" });

/** A part of the statement: a heading and its text. */
export const section = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });
export const heading = style({ fontSize: "1.1rem", margin: 0 });

/** The team's words, as written. */
export const facts = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderLeft: `4px solid ${vars.color.primary}`,
  background: vars.color.surfaceAlt,
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
});
export const redress = style([ui.entryCard, { display: "flex", flexDirection: "column", gap: vars.space.xs }]);
export const appealButton = style([ui.button, { alignSelf: "flex-start", textDecoration: "none" }]);
