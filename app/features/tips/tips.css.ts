import { style } from "@vanilla-extract/css";
import * as ui from "~/styles/ui.css";
import { vars } from "~/styles/theme.css";

/** The profile's tip section: a card of its own under the member's actions. */
export const section = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });

export const heading = style({ margin: 0, fontSize: vars.font.sizeMd });

/** The amount buttons: 44 px targets wide enough for "150 Dollar", three to a phone's row (390 px), five on wider screens. */
export const amounts = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(6.5rem, 1fr))",
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  border: "none",
});

export const amountButton = style([ui.buttonSecondary, { padding: `0 ${vars.space.sm}`, whiteSpace: "nowrap" }]);

/** The custom amount, its button under it (a phone's row has no room for both). */
export const custom = style({ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: vars.space.xs });
export const customField = style({ alignSelf: "stretch" });

/**
 * The form's first submit button, for Enter in the custom field (a browser submits a form's first button): it sends
 * the custom amount, not the first amount button's. Out of sight and out of the tab order; not display:none, which
 * some browsers skip as the default button.
 */
export const defaultButton = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
  border: 0,
  padding: 0,
});

/** The script's live line while a tip waits, is sent, or answered. */
export const status = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });

/** A photo's tip form in its larger view: its label, then the amounts in a row that wraps, under the photo. */
export const mediaTip = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
});

export const mediaAmounts = style({ display: "flex", flexWrap: "wrap", justifyContent: "center", gap: vars.space.xs });

/** Light on the view's dark ground (the lightbox's links are white too). */
export const mediaAmountButton = style([
  ui.buttonSecondary,
  {
    padding: `0 ${vars.space.sm}`,
    color: "#ffffff",
    borderColor: "#ffffff",
    whiteSpace: "nowrap",
    selectors: { "&:hover": { background: "rgba(255, 255, 255, 0.12)", color: "#ffffff" } },
  },
]);
