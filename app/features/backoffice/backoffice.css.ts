import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import * as ui from "~/styles/ui.css";

/** One waiting item: what it is and whose, the preview, then the two decisions. */
export const item = style([ui.entryCard, { gap: vars.space.sm, overflowWrap: "anywhere" }]);

export const itemHead = style({ display: "flex", flexWrap: "wrap", gap: `0 ${vars.space.sm}`, alignItems: "baseline" });
export const kind = style({ fontWeight: 700, margin: 0, fontSize: "1.05rem" });

/** A photo preview: at most 240 px wide, its own aspect ratio. */
export const photo = style({ maxWidth: "240px", width: "100%", borderRadius: vars.radius.sm, overflow: "hidden" });

export const proposed = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderLeft: `4px solid ${vars.color.primary}`,
  background: vars.color.surfaceAlt,
  whiteSpace: "pre-wrap",
});

export const current = style({ margin: 0, whiteSpace: "pre-wrap", color: vars.color.textMuted });

/** Accept beside reject on wide screens, stacked on phones; every control at least 44 px. */
export const decisions = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.md,
  alignItems: "flex-end",
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: vars.space.md,
  marginTop: vars.space.sm,
});

/** The proposed text and the published one, each under its small heading. */
export const textBlock = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });
export const textLabel = style({ margin: 0, fontSize: vars.font.sizeSm, color: vars.color.textMuted });

/** The owner filter: the button level with the input, not with the label. */
export const filter = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "flex-end" });
export const rejectForm = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "flex-end", flex: "1 1 220px" });
export const select = style({ minHeight: "44px", width: "100%" });

export const pager = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.md,
  alignItems: "center",
  justifyContent: "space-between",
});
