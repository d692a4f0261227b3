import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const filters = style({ margin: `${vars.space.md} 0` });

export const fieldset = style({ border: "none", padding: 0, margin: 0, display: "flex", flexWrap: "wrap", gap: `0 ${vars.space.md}` });

export const filterBody = style({ display: "flex", flexDirection: "column", gap: vars.space.md, paddingTop: vars.space.md });

export const summary = style({ minHeight: "44px", display: "flex", alignItems: "center", cursor: "pointer", fontWeight: 600 });

export const section = style({ marginTop: vars.space.lg });

export const sectionHead = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  alignItems: "center",
  gap: vars.space.sm,
});
