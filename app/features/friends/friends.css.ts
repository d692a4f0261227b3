import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import * as ui from "~/styles/ui.css";

/** Three tabs side by side on a phone: the label over its count, the same in each. */
export const tabs = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
  gap: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const tab = style({
  display: "flex",
  flexDirection: "column",
  justifyContent: "center",
  alignItems: "center",
  gap: vars.space.xs,
  minHeight: "44px",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  textAlign: "center",
  textDecoration: "none",
  color: vars.color.text,
  borderBottom: "3px solid transparent",
  selectors: { '&[aria-current="page"]': { borderBottomColor: vars.color.primary, fontWeight: 600 } },
});

export const count = style({
  display: "inline-block",
  minWidth: "1.6em",
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  fontSize: vars.font.sizeSm,
});

export const list = ui.entryList;

export const item = ui.entryCard;

export const who = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", gap: vars.space.sm });

export const name = style({ fontWeight: 600, overflowWrap: "anywhere" });

export const empty = style({
  margin: 0,
  padding: vars.space.lg,
  textAlign: "center",
  color: vars.color.textMuted,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
