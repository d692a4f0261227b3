import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import * as ui from "~/styles/ui.css";

export const list = ui.entryList;
export const item = style([ui.entryCard, { scrollMarginTop: vars.space.lg }]);
export const unreadItem = style({ borderLeft: `4px solid ${vars.color.primary}`, background: "#fffafd" });
export const alertItem = style({ borderLeftColor: vars.color.danger });
export const line = style({ margin: 0, fontWeight: 400 });
export const lineUnread = style({ fontWeight: 600 });
export const meta = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "center",
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
});
export const newMark = style({
  padding: "0 6px",
  borderRadius: "999px",
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: "0.75rem",
  fontWeight: 700,
});
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });
export const empty = style({
  padding: vars.space.lg,
  textAlign: "center",
  color: vars.color.textMuted,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
});
export const lineLink = style({ color: "inherit", textDecoration: "none", selectors: { "&:hover": { textDecoration: "underline" } } });
