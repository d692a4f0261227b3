import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** One radio group (an aspect, a question): a legend over choices that wrap on a phone. */
export const choiceGroup = style({ border: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.xs });
export const legend = style({ fontWeight: 600, padding: 0, marginBottom: vars.space.xs });
export const choices = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });
/** Each choice is a tap target of at least 44 px with its label beside the radio. */
export const choice = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: "44px",
  minWidth: "44px",
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  cursor: "pointer",
  selectors: { "&:has(input:checked)": { borderColor: vars.color.primary, background: vars.color.surfaceAlt } },
});

/** Aspect and value side by side (the averages, one review's ratings). */
export const scores = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  gap: `${vars.space.xs} ${vars.space.md}`,
});
export const scoreValue = style({ fontWeight: 600, textAlign: "right", whiteSpace: "nowrap" });
export const overall = style({ fontSize: "1.6rem", fontWeight: 700, margin: 0 });

export const review = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
});
export const text = style({ whiteSpace: "pre-line", overflowWrap: "anywhere", margin: 0 });
export const textarea = style({ minHeight: "8rem", resize: "vertical" });
export const tapLink = style({ display: "inline-flex", alignItems: "center", minHeight: "44px" });
