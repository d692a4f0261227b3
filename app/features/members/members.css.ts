import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The search's fields side by side where there is room, one under the other on a phone. */
export const filters = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(11rem, 1fr))",
  gap: vars.space.sm,
  alignItems: "end",
});

/** One result: a whole-row link (a tap target well over 44 px). */
export const resultLink = style({
  display: "block",
  minHeight: "44px",
  padding: vars.space.sm,
  textDecoration: "none",
  color: "inherit",
});
export const resultName = style({ fontWeight: 600, color: vars.color.primary });

/** Label–value pairs of the summary: two columns, the labels muted. */
export const facts = style({
  display: "grid",
  gridTemplateColumns: "minmax(6rem, 40%) minmax(0, 1fr)",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
export const factLabel = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm, overflowWrap: "anywhere", hyphens: "auto" });
export const factValue = style({ margin: 0, overflowWrap: "anywhere" });

export const header = style({ display: "flex", gap: vars.space.md, alignItems: "center", flexWrap: "wrap" });
export const avatar = style({ width: "96px", height: "96px", borderRadius: vars.radius.md, overflow: "hidden", flex: "0 0 auto" });

export const section = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });
export const sectionTitle = style({ margin: 0, fontSize: "1.15rem" });

/** The open restriction: it changes what every other section means, so it stands out. */
export const restriction = style({
  borderLeft: `4px solid ${vars.color.danger}`,
  paddingLeft: vars.space.sm,
  margin: 0,
});

/** A table that scrolls sideways on a phone rather than squeezing its columns. */
export const tableWrap = style({ overflowX: "auto" });
export const table = style({ borderCollapse: "collapse", width: "100%", fontSize: vars.font.sizeSm });
export const cell = style({
  textAlign: "left",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "top",
});

/** An action: a folded form, its summary a 44 px tap target. */
export const action = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.sm });
export const actionSummary = style({ minHeight: "44px", display: "flex", alignItems: "center", cursor: "pointer", fontWeight: 600 });
export const danger = style({ background: vars.color.danger, borderColor: vars.color.danger });

export const audit = style({
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace",
  fontSize: "0.8rem",
  overflowWrap: "anywhere",
  margin: 0,
});
