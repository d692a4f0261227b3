import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The radio groups and their 44 px choices are the date reviews' (one look for every review form). */
export { choice, choiceGroup, choices, legend } from "~/features/reviews/reviews.css";

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
