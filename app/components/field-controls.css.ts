import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { choiceControl, input } from "~/styles/ui.css";

export const textarea = style([
  input,
  { padding: `${vars.space.sm} ${vars.space.md}`, minHeight: "8em", resize: "vertical", font: "inherit", lineHeight: 1.5 },
]);
export const checkboxLabel = style({
  display: "flex",
  gap: vars.space.sm,
  alignItems: "flex-start",
  minHeight: "44px",
  paddingTop: vars.space.xs,
});
/** The shared checkbox (ui.choiceControl): an easy target on phones. */
export const checkbox = choiceControl;
