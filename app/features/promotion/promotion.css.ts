import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const heading = style({ fontSize: "1.15rem", margin: 0 });

export const benefits = style({ margin: 0, paddingLeft: "1.2em", display: "flex", flexDirection: "column", gap: vars.space.xs });

/** Label and value in two columns; on a phone the label above its value, so a longer value keeps the full width. */
export const facts = style({
  display: "grid",
  gridTemplateColumns: "minmax(8em, max-content) 1fr",
  gap: "6px 16px",
  margin: 0,
  "@media": { "screen and (max-width: 480px)": { gridTemplateColumns: "1fr", rowGap: 0 } },
});

export const factLabel = style({
  "@media": { "screen and (max-width: 480px)": { color: vars.color.textMuted, fontSize: vars.font.sizeSm, marginTop: vars.space.sm } },
});

export const factValue = style({ margin: 0, fontWeight: 600 });

export const historyRow = style({ display: "flex", justifyContent: "space-between", gap: vars.space.sm, flexWrap: "wrap" });

export const status = style({
  fontSize: vars.font.sizeSm,
  selectors: {
    '&[data-status="accepted"]': { color: vars.color.success },
    '&[data-status="rejected"]': { color: vars.color.danger },
  },
});

export const flush = style({ margin: 0 });
