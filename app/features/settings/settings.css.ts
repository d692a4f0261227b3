import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { choiceControl } from "~/styles/ui.css";

/** One settings group: a card whose rows are whole-width links (tap targets of at least 48 px). */
export const group = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  overflow: "hidden",
});

export const groupTitle = style({ fontSize: "1.05rem", margin: 0, padding: `${vars.space.md} ${vars.space.md} ${vars.space.sm}` });

export const items = style({ listStyle: "none", margin: 0, padding: 0 });

export const item = style({
  display: "flex",
  flexDirection: "column",
  gap: "2px",
  minHeight: "48px",
  justifyContent: "center",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderTop: `1px solid ${vars.color.border}`,
  color: "inherit",
  textDecoration: "none",
  selectors: { "&:hover, &:focus-visible": { background: vars.color.surfaceAlt } },
});

export const itemLabel = style({ fontWeight: 600, color: vars.color.primary });

export const back = style({ display: "inline-flex", alignItems: "center", minHeight: "44px" });

export const cardTitle = style({ fontSize: "1.15rem", margin: 0 });

/** A <details> summary that keeps its disclosure triangle and a 44 px tap target. */
export const summary = style({ minHeight: "44px", padding: "10px 0", boxSizing: "border-box", cursor: "pointer", fontWeight: 600 });

export const blockRow = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "center",
  justifyContent: "space-between",
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  overflowWrap: "anywhere",
});

/** Kinds by channels: the row heading left, one 44 px checkbox cell per channel. */
export const switchTable = style({
  width: "100%",
  borderCollapse: "collapse",
});
globalStyle(`${switchTable} th, ${switchTable} td`, {
  padding: `${vars.space.xs} ${vars.space.xs}`,
  borderTop: `1px solid ${vars.color.border}`,
});
globalStyle(`${switchTable} thead th`, { borderTop: "none", fontSize: vars.font.sizeSm, textAlign: "center", whiteSpace: "nowrap" });
// Long German compounds ("Freundschaftsanfragen") break rather than push the table past a 390 px screen.
globalStyle(`${switchTable} tbody th`, { textAlign: "left", fontWeight: 600, overflowWrap: "break-word", hyphens: "manual" });
globalStyle(`${switchTable} td`, { textAlign: "center", width: "18%" });
/** The shared checkbox (ui.choiceControl) with a margin that makes its cell a 44 px target. */
export const switchBox = style([choiceControl, { margin: "10px" }]);
