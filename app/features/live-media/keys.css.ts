import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const settings = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.xs,
  margin: 0,
});
globalStyle(`${settings} dt`, { fontWeight: 600 });
globalStyle(`${settings} dd`, { margin: `0 0 ${vars.space.sm}` });

/** Long addresses and keys wrap on a phone instead of widening the page. */
export const code = style({ overflowWrap: "anywhere", wordBreak: "break-all" });

export const secret = style({
  fontFamily: "monospace",
  fontSize: "1rem",
  wordBreak: "break-all",
  resize: "none",
  padding: "0.5rem 0.75rem",
});

/** A tap target of at least 44 px. */
export const link = style({ display: "inline-flex", alignItems: "center", minHeight: "44px" });

export const created = style({
  border: `2px solid ${vars.color.primary}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
});

export const steps = style({ paddingLeft: "1.25rem", display: "flex", flexDirection: "column", gap: vars.space.xs });
