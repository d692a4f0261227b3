import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { input } from "~/styles/ui.css";

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
/** 24px box: an easy target on phones. */
export const checkbox = style({ width: "24px", height: "24px", flex: "0 0 auto", margin: 0, accentColor: vars.color.primary });
