import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** A spend's facts (what, to whom, the balance now and after): label and value per row, amounts aligned. */
export const facts = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
globalStyle(`${facts} dd`, { margin: 0, textAlign: "right", fontVariantNumeric: "tabular-nums" });

export const strong = style({ fontWeight: 700 });
