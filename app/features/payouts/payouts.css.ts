import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The way back to the wallet: a whole tap target (44 px). */
export const back = style({ display: "inline-flex", alignItems: "center", minHeight: "44px" });

export const cardTitle = style({ fontSize: "1.15rem", margin: `0 0 ${vars.space.sm}` });

/** Label and value in two columns, one under the other on a phone. */
export const facts = style({
  display: "grid",
  gridTemplateColumns: "minmax(8em, max-content) 1fr",
  gap: "6px 16px",
  margin: `0 0 ${vars.space.md}`,
  "@media": { "screen and (max-width: 420px)": { gridTemplateColumns: "1fr", gap: "2px" } },
});
export const factLabel = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });
export const factValue = style({
  margin: 0,
  fontWeight: 600,
  overflowWrap: "anywhere",
  "@media": { "screen and (max-width: 420px)": { marginBottom: "8px" } },
});

/** What is still missing before a payout: each line a link (44 px tall) or a done line. */
export const checklist = style({
  listStyle: "none",
  margin: `0 0 ${vars.space.md}`,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: "4px",
});
globalStyle(`${checklist} > li`, { minHeight: "44px", display: "flex", alignItems: "center", gap: "8px", overflowWrap: "anywhere" });
globalStyle(`${checklist} > li[data-done="1"]::before`, { content: '"✓"', color: vars.color.success, fontWeight: 700 });
globalStyle(`${checklist} > li[data-done="0"]::before`, { content: '"•"', color: vars.color.danger, fontWeight: 700 });
globalStyle(`${checklist} a`, { display: "inline-flex", alignItems: "center", minHeight: "44px" });

export const earnings = style({ margin: 0, paddingLeft: "1.2em", lineHeight: 1.6 });

export const historyItem = style({
  display: "flex",
  flexDirection: "column",
  gap: "4px",
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
});
export const historyHead = style({ display: "flex", gap: "8px", alignItems: "center", flexWrap: "wrap" });

export const badge = style({
  display: "inline-block",
  padding: "2px 8px",
  borderRadius: "999px",
  fontSize: vars.font.sizeSm,
  border: `1px solid ${vars.color.border}`,
  selectors: {
    '&[data-status="succeeded"]': { borderColor: vars.color.success, color: vars.color.success },
    '&[data-status="failed"]': { borderColor: vars.color.danger, color: vars.color.danger },
  },
});
