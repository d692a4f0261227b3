import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** One group of radios (a criterion, a question, punctuality): a legend over choices that wrap on a phone. */
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

/** The rating word under the number, small. */
export const choiceWord = style({ fontSize: vars.font.sizeSm, color: vars.color.textMuted });

export const criteria = style({ display: "flex", flexDirection: "column", gap: vars.space.md });

/** Criterion and value side by side in a review and in the summary. */
export const scoreList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  gap: `${vars.space.xs} ${vars.space.md}`,
});
export const scoreValue = style({ fontWeight: 600, textAlign: "right", whiteSpace: "nowrap" });

export const review = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });
export const reviewHead = style({ display: "flex", flexWrap: "wrap", justifyContent: "space-between", gap: vars.space.sm });
export const text = style({ whiteSpace: "pre-line", overflowWrap: "anywhere", margin: 0 });
export const answer = style({
  margin: 0,
  padding: vars.space.sm,
  borderLeft: `3px solid ${vars.color.primary}`,
  background: vars.color.surfaceAlt,
  whiteSpace: "pre-line",
  overflowWrap: "anywhere",
});
export const locked = style({ margin: 0, color: vars.color.textMuted, fontStyle: "italic" });

/** A link that is a comfortable tap target on its own line. */
export const tapLink = style({ display: "inline-flex", alignItems: "center", minHeight: "44px" });

export const facts = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, listStyle: "none", margin: 0, padding: 0 });
export const fact = style({
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  fontSize: vars.font.sizeSm,
});

/** The two reviews of a date, each set off from the other on the detail page. */
export const reviewBlock = style({ paddingTop: vars.space.md, borderTop: `1px solid ${vars.color.border}` });
