import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** A report's state at a glance: a coloured edge and a badge that says it in words (colour is never the only sign). */
export const green = style({ borderLeft: `6px solid ${vars.color.success}` });
export const red = style({ borderLeft: `6px solid ${vars.color.danger}`, background: vars.color.dangerBg });
const badge = { display: "inline-block", padding: "2px 8px", borderRadius: "4px", fontSize: vars.font.sizeSm, fontWeight: 700 } as const;
export const badgeGreen = style({ ...badge, color: vars.color.success, background: vars.color.successBg });
export const badgeRed = style({ ...badge, color: "#fff", background: vars.color.danger });
export const reportTitle = style({ fontSize: "1.05rem", margin: 0 });
/** A report's numbers: the label takes the room, the number stays on one line, right-aligned. */
export const numbers = style({
  display: "grid",
  gridTemplateColumns: "1fr auto",
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
  margin: 0,
});
export const numberValue = style({ margin: 0, textAlign: "right", fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" });
export const numberLabel = style({ color: vars.color.textMuted });
