import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import * as ui from "~/styles/ui.css";

export const item = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});

/** The whole entry is the tap target to the date. */
export const itemLink = style({ display: "block", minHeight: "44px", textDecoration: "none", color: vars.color.text });

export const stage = style({ fontSize: vars.font.sizeSm, fontWeight: 600 });

export const facts = style({
  margin: 0,
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  gap: `${vars.space.xs} ${vars.space.sm}`,
});

export const timeline = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.xs });

export const fieldset = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: vars.space.sm,
  margin: 0,
});

/** The stage tabs: one row, scrolled sideways when it is wider than the phone (no wrapping over several lines). */
export const tabBar = style([ui.scrollingTabBar, { margin: `${vars.space.sm} 0` }]);

export const tabCount = style({
  marginLeft: vars.space.xs,
  minWidth: "1.6em",
  padding: "0 0.4em",
  borderRadius: "999px",
  background: vars.color.border,
  fontSize: vars.font.sizeSm,
  textAlign: "center",
});

/** The count of a stage that waits for the member (their answer or review): in the brand colour. */
export const tabCountWaiting = style([tabCount, { background: vars.color.primary, color: "#ffffff", fontWeight: 700 }]);
