import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { choiceControl } from "~/styles/ui.css";

/** Mobile first: one column, 44px touch targets; wider screens get option grids. */
export const page = style({ maxWidth: "720px", margin: "0 auto", padding: `${vars.space.lg} ${vars.space.md}` });
export const progress = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  listStyle: "none",
  padding: 0,
  margin: `0 0 ${vars.space.md}`,
  fontSize: vars.font.sizeSm,
});
export const progressItem = style({
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  color: vars.color.textMuted,
});
export const progressDone = style({ background: vars.color.successBg, color: vars.color.success });
export const progressCurrent = style({ background: vars.color.primary, color: vars.color.onPrimary, fontWeight: 600 });
export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  margin: 0,
  minWidth: 0,
});
export const legend = style({ fontWeight: 600, padding: `0 ${vars.space.xs}` });
export const options = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))",
  gap: `0 ${vars.space.md}`,
  marginTop: vars.space.sm,
});
export const option = style({ display: "flex", gap: vars.space.sm, alignItems: "center", minHeight: "44px", minWidth: 0 });
/** An option whose label has a very long word spans the whole row. */
export const optionWide = style({ gridColumn: "1 / -1" });
/** Last resort for a word longer than the row: break it rather than overflow. */
export const optionText = style({ minWidth: 0, overflowWrap: "anywhere" });
/** The shared checkbox and radio (ui.choiceControl). */
export const control = choiceControl;
export const category = style({ marginTop: vars.space.md, fontSize: vars.font.sizeMd, fontWeight: 600 });
export const twoColumns = style({ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(140px, 1fr))", gap: vars.space.md });
export const row = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(120px, 1fr))",
  gap: vars.space.sm,
  alignItems: "end",
  paddingBottom: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const photos = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(96px, 1fr))",
  gap: vars.space.sm,
  listStyle: "none",
  padding: 0,
});
export const photo = style({
  width: "100%",
  aspectRatio: "1",
  objectFit: "cover",
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
});
export const nextSteps = style({ display: "grid", gap: vars.space.md, listStyle: "none", padding: 0 });
export const sectionTitle = style({ fontSize: vars.font.sizeLg, margin: `0 0 ${vars.space.xs}` });
/** The special-category answers and their consent: set apart by a rule, not boxed (their fieldsets keep the full width). */
export const special = style({ borderTop: `2px solid ${vars.color.border}`, paddingTop: vars.space.md });
