import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const heading = style({ fontSize: "1.15rem", margin: 0 });
export const price = style({ fontSize: "1.3rem", fontWeight: 700, margin: 0 });
export const benefits = style({ margin: 0, whiteSpace: "pre-line", overflowWrap: "anywhere" });
export const terms = style({ margin: 0, fontWeight: 600 });
export const status = style({ fontWeight: 600 });

/** Label and value in two columns (a subscription's tier, price, dates and state). */
export const facts = style({ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "6px 16px", margin: 0 });
/** The confirmation's price and balances: each amount on one line, right-aligned under the other. */
export const amounts = style({ display: "grid", gridTemplateColumns: "minmax(0, 1fr) auto", gap: "6px 16px", margin: 0 });
export const factValue = style({ margin: 0, whiteSpace: "nowrap", textAlign: "right", fontVariantNumeric: "tabular-nums" });

/** A tier or a subscription: one card each, stacked on phones, side by side where there is room. */
export const tiers = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))",
});

/** The earnings table: month and amounts, numbers right-aligned. */
export const table = style({ width: "100%", borderCollapse: "collapse" });
export const cell = style({ padding: "6px 4px", borderBottom: `1px solid ${vars.color.border}`, textAlign: "left" });
export const number = style([cell, { textAlign: "right", whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }]);

/** A list entry's main link (the creator, the fan): a whole-width tap target. */
export const itemLink = style({ display: "block", padding: "10px 0", fontWeight: 600, overflowWrap: "anywhere" });
