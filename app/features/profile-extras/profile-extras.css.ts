import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { choiceControl } from "~/styles/ui.css";

/** The date kinds: a plain group inside the card, options in a grid of 44 px rows (two columns on a phone). */
export const fieldset = style({ border: 0, padding: 0, margin: 0, minWidth: 0 });
export const legend = style({ fontWeight: 600, padding: 0, marginBottom: vars.space.xs });
export const options = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))",
  gap: `0 ${vars.space.md}`,
});
export const option = style({ display: "flex", gap: vars.space.sm, alignItems: "center", minHeight: "44px", minWidth: 0 });
/** The shared checkbox and radio (ui.choiceControl). */
export const control = choiceControl;
