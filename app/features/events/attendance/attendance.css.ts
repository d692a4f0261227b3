import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** A row of plain form buttons that wraps on a phone; each button is a tap target of at least 44 px. */
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });
export const inlineForm = style({ margin: 0 });
/** The refusal's second question: the explanation and the final button under the summary that opened it. */
export const confirm = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, flexBasis: "100%" });
globalStyle(`${confirm} > summary`, { listStyle: "none", cursor: "pointer" });
globalStyle(`${confirm} > p`, { margin: 0 });

/** One member on a list: name on the left, the organizer's buttons under it on a phone. */
export const person = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const personName = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  fontWeight: 600,
  overflowWrap: "anywhere",
});

export const tapLink = style({ display: "inline-flex", alignItems: "center", minHeight: "44px" });
