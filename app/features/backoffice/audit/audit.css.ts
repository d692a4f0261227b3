import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The filters: side by side where they fit, stacked on a phone. */
export const filters = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))",
  gap: `0 ${vars.space.md}`,
  alignItems: "end",
});

export const meta = style({ display: "flex", flexWrap: "wrap", gap: `0 ${vars.space.md}`, margin: 0 });
export const action = style({ fontFamily: "monospace", fontWeight: 600 });

/** Before and after side by side; one above the other on a phone. */
export const diff = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(260px, 1fr))",
  gap: vars.space.sm,
});
export const json = style({
  margin: 0,
  padding: vars.space.sm,
  overflowX: "auto",
  maxHeight: "20rem",
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.font.sizeSm,
  whiteSpace: "pre",
});
export const changes = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.font.sizeSm, tableLayout: "fixed" });
export const changeCell = style({
  padding: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: "left",
  verticalAlign: "top",
  overflowWrap: "anywhere",
  fontFamily: "monospace",
});
/** A summary is the tap target that opens the whole states. */
export const summary = style({ minHeight: "44px", display: "flex", alignItems: "center", cursor: "pointer" });
