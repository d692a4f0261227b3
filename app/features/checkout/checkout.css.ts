import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const title = style({ fontSize: vars.font.sizeLg, margin: 0 });
export const stepTitle = style({ fontSize: "1.1rem", margin: 0 });

export const steps = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gridTemplateColumns: "repeat(4, minmax(0, 1fr))",
  gap: vars.space.xs,
  fontSize: vars.font.sizeSm,
});
export const step = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space.xs,
  textAlign: "center",
  color: vars.color.textMuted,
  minHeight: "44px",
  overflowWrap: "anywhere",
  selectors: { '&[data-current="true"]': { color: vars.color.text, fontWeight: 700 } },
});
export const stepNumber = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "28px",
  height: "28px",
  borderRadius: "50%",
  border: `2px solid ${vars.color.border}`,
  selectors: {
    [`${step}[data-current="true"] &`]: { borderColor: vars.color.primary, background: vars.color.primary, color: vars.color.onPrimary },
  },
});
globalStyle(`${step} a`, { display: "inline-block", minHeight: "24px", padding: "2px 0" });

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
