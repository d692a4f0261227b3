import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** Above the page, as wide as a form: a red frame, the count as its heading, one tappable line per error. */
export const summary = style({
  maxWidth: vars.width.form,
  margin: `${vars.space.md} auto 0`,
  padding: vars.space.md,
  border: `2px solid ${vars.color.danger}`,
  borderRadius: vars.radius.sm,
  background: vars.color.dangerBg,
  color: vars.color.text,
  boxSizing: "border-box",
  "@media": { "screen and (max-width: 471px)": { marginInline: vars.space.md } },
});
export const title = style({ margin: 0, fontSize: vars.font.sizeLg, color: vars.color.danger, outline: "none" });
export const list = style({ margin: `${vars.space.sm} 0 0`, paddingLeft: "1.2em", display: "flex", flexDirection: "column" });
/** Each line a 44 px target: on a phone the summary is tapped, not clicked. */
export const link = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  color: vars.color.danger,
  fontWeight: 600,
  textDecoration: "underline",
});
/**
 * A field's error anchor: a jump from the summary stops with the error line a third down the screen, so the label
 * and the control above it stay in view (without JavaScript nothing else could scroll them in).
 */
export const anchor = style({ scrollMarginTop: "35vh" });
