import { globalStyle } from "@vanilla-extract/css";
import { vars } from "./theme.css";
import { CHOICE_CONTROL } from "./ui.css";
import { visuallyHidden } from "./visually-hidden";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
globalStyle("html", { WebkitTextSizeAdjust: "100%" });
globalStyle("body", {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.font.sizeMd,
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.bg,
});
globalStyle("a", { color: vars.color.primary });
globalStyle("a:hover", { color: vars.color.primaryHover });
globalStyle(":focus-visible", { outline: `3px solid ${vars.color.focus}`, outlineOffset: "2px" });
// Long German compounds ("Geschäftsbedingungen") must never widen a phone's page: headings scale with
// the viewport and break inside a word as a last resort (hyphenated where the browser has a dictionary).
globalStyle("h1, h2, h3", { lineHeight: 1.25, margin: `0 0 ${vars.space.md}`, overflowWrap: "break-word", hyphens: "auto" });
globalStyle("h1", { fontSize: "clamp(1.5rem, 1rem + 2.5vw, 2rem)" });
globalStyle("img", { maxWidth: "100%", height: "auto" });
globalStyle(".visually-hidden", visuallyHidden);
// Every checkbox and radio at the size of the sign-up wizard's (issue 25 item 8): a 13 px box is no target on a phone.
globalStyle('input[type="checkbox"], input[type="radio"]', CHOICE_CONTROL);
