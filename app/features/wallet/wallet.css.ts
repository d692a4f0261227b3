import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The dollar menu (spec: balance, share, token rewards, payout): wraps on a phone, every item a 44 px target. */
export const menu = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexWrap: "wrap", gap: vars.space.xs });
export const menuLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  padding: `0 ${vars.space.md}`,
  borderRadius: "999px",
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  textDecoration: "none",
  selectors: { '&[aria-current="page"]': { background: vars.color.primary, borderColor: vars.color.primary, color: vars.color.onPrimary } },
});

export const bigFigure = style({ fontSize: "2rem", fontWeight: 700, margin: 0, color: vars.color.primary });

/** Label and value side by side; they fit at 390 px (short words, short figures). */
export const facts = style({
  display: "grid",
  gridTemplateColumns: "1fr auto",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
globalStyle(`${facts} dd`, { margin: 0, textAlign: "right", fontVariantNumeric: "tabular-nums" });

export const packages = style({
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "grid",
  gap: vars.space.sm,
  gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))",
});
export const packageCard = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const packageDollars = style({ fontSize: vars.font.sizeLg, fontWeight: 700 });

export const filters = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });

export const entries = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column" });
export const entry = style({
  display: "flex",
  flexDirection: "column",
  gap: "2px",
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const entryHead = style({ display: "flex", justifyContent: "space-between", gap: vars.space.sm, alignItems: "baseline" });
export const entryKind = style({ fontWeight: 600 });
export const entryMeta = style({
  display: "flex",
  flexWrap: "wrap",
  gap: `0 ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
  overflowWrap: "anywhere",
});
const amount = { fontWeight: 700, fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" } as const;
export const amountIn = style({ ...amount, color: vars.color.success });
export const amountOut = style({ ...amount, color: vars.color.text });

export const empty = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
