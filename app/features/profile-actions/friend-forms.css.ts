import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The friend block: its status line above its buttons. */
export const friend = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, alignItems: "flex-start" });

export const status = style({ margin: 0, fontWeight: 600 });

/** The private note: a quiet card, marked as visible only to its author. */
export const note = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

/** A list item keeps the disclosure triangle; the padding makes the tap target 44 px high. */
export const noteSummary = style({ cursor: "pointer", fontWeight: 600, display: "list-item", padding: "10px 0", lineHeight: "24px" });

export const noteHint = style({ margin: 0 });

/** A small link with a full-height tap target. */
export const listLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
});

export const noteText = style({ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" });
