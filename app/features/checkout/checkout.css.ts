import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const title = style({ fontSize: vars.font.sizeLg, margin: 0 });
export const stepTitle = style({ fontSize: "1.1rem", margin: 0 });

/** The four steps as one list (ADR 089): done ones a line, the current one open, later ones a heading. */
export const stepList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.sm });
export const stepItem = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
  selectors: {
    '&[data-state="current"]': { borderColor: vars.color.primary, paddingBottom: vars.space.md },
    '&[data-state="later"]': { color: vars.color.textMuted, background: "transparent" },
  },
});
export const stepHead = style({ display: "flex", alignItems: "center", gap: vars.space.sm, minHeight: "32px" });
export const stepHeading = style({ margin: 0, fontSize: "1.05rem", outline: "none" });
export const stepNumber = style({
  display: "inline-flex",
  flex: "none",
  alignItems: "center",
  justifyContent: "center",
  width: "28px",
  height: "28px",
  borderRadius: "50%",
  border: `2px solid ${vars.color.border}`,
  fontSize: vars.font.sizeSm,
  selectors: {
    [`${stepItem}[data-state="current"] &, ${stepItem}[data-state="done"] &`]: {
      borderColor: vars.color.primary,
      background: vars.color.primary,
      color: vars.color.onPrimary,
    },
  },
});
export const stepDone = style({ display: "flex", alignItems: "center", gap: vars.space.sm, margin: 0, minWidth: 0 });
/** One line: a long address ends in "…" (the overview shows it whole). */
export const stepDoneText = style({
  flex: "1 1 auto",
  minWidth: 0,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  color: vars.color.textMuted,
});
export const changeLink = style({
  flex: "none",
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  padding: `0 ${vars.space.xs}`,
});

export const summary = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
export const summaryLine = style({ display: "flex", justifyContent: "space-between", gap: vars.space.sm, flexWrap: "wrap" });

export const fieldset = style({
  border: 0,
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  minWidth: 0,
});
export const choice = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  minHeight: "56px",
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: "pointer",
});
export const choiceText = style({ display: "flex", flexDirection: "column", flex: "1 1 auto", minWidth: 0 });

export const twoColumns = style({ display: "grid", gridTemplateColumns: "minmax(0, 2fr) minmax(0, 3fr)", gap: vars.space.sm });

export const facts = style({
  display: "grid",
  gridTemplateColumns: "max-content minmax(0, 1fr)",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: "anywhere" });
globalStyle(`${facts} dt`, { fontWeight: 600 });

export const priceTable = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) max-content",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
globalStyle(`${priceTable} dd`, { margin: 0, textAlign: "right" });
export const total = style({ fontWeight: 700, fontSize: "1.1rem", borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.xs });
export const payButton = style({ width: "100%", minHeight: "48px", fontSize: "1.05rem" });
