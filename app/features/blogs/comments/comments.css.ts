/** The comments section and like button on a blog post (ADR 103): threads, replies indented, actions as 44 px targets. */
import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const thread = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });

export const comment = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  // Anchored after a post (#comment-{id}): the header must not cover it.
  scrollMarginTop: "80px",
});

export const replies = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  paddingLeft: vars.space.lg,
  borderLeft: `2px solid ${vars.color.border}`,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
});

export const meta = style({ margin: 0, fontSize: vars.font.sizeSm, color: vars.color.textMuted });

/** The text as written: line breaks kept, long words broken (it is plain text, never markup). */
export const body = style({ margin: 0, whiteSpace: "pre-line", overflowWrap: "anywhere" });

export const actions = style({ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: vars.space.md });

/** A <details> toggle (reply, edit) without JavaScript: a whole tap target. */
export const toggle = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  cursor: "pointer",
  color: vars.color.primary,
});

export const inlineForm = style({ display: "inline" });

export const like = style({ display: "flex", alignItems: "center", gap: vars.space.md, flexWrap: "wrap" });

export const pager = style({ display: "flex", justifyContent: "space-between", flexWrap: "wrap", gap: vars.space.sm });
