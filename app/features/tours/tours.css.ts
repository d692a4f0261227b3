import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import * as ui from "~/styles/ui.css";

export const list = ui.entryList;

export const item = ui.entryCard;

export const status = style({
  display: "inline-block",
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.font.sizeSm,
  background: vars.color.surfaceAlt,
  selectors: { '&[data-status="active"]': { background: vars.color.primary, color: "#fff" } },
});
