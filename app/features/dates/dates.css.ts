import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

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
