import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import * as ui from "~/styles/ui.css";

/** One report: reference and state, what and when, then the decision. */
export const card = style([ui.entryCard, { overflowWrap: "anywhere" }]);

export const head = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "baseline",
  justifyContent: "space-between",
});
export const line = style({ margin: 0 });
export const url = style({ wordBreak: "break-all" });

const state = style({ fontSize: vars.font.sizeSm, fontWeight: 600, padding: `2px ${vars.space.sm}`, borderRadius: vars.radius.sm });
export const stateOpen = style([state, { background: vars.color.surfaceAlt, color: vars.color.accent }]);
export const stateDecided = style([state, { background: vars.color.successBg, color: vars.color.success }]);

/** The urgent ones stand out in the back office queue. */
export const priorityUrgent = style([state, { background: vars.color.dangerBg, color: vars.color.danger }]);

export const decision = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space.sm,
  marginTop: vars.space.xs,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
});
export const statement = style({ margin: 0, whiteSpace: "pre-wrap", color: vars.color.textMuted });
export const quote = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderLeft: `4px solid ${vars.color.primary}`,
  background: vars.color.surfaceAlt,
  whiteSpace: "pre-wrap",
});
export const select = style({ minHeight: "44px", width: "100%" });

/** A link on its own line, tall enough to tap (44 px). */
export const tapLink = style({ display: "inline-flex", alignItems: "center", minHeight: "44px" });

/**
 * The profile's report disclosure sits in a wrapping row beside block: open, it takes the full row, and it may
 * shrink below its select's longest option (else the longest type name would widen the page on a phone).
 */
export const disclosure = style({ minWidth: 0, maxWidth: "100%", selectors: { "&[open]": { flexBasis: "100%" } } });
export const typeSelect = style({ maxWidth: "100%", minWidth: 0 });
