import { style } from "@vanilla-extract/css";

export const packageGrid = style({
  listStyle: "none",
  padding: 0,
  margin: 0,
  display: "grid",
  gap: "12px",
  gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))",
});

export const packageCard = style({
  display: "flex",
  flexDirection: "column",
  gap: "6px",
  padding: "14px",
  border: "1px solid rgba(127, 127, 127, 0.35)",
  borderRadius: "10px",
});

export const packagePrice = style({ fontSize: "1.4rem", fontWeight: 700 });

/** The contract's facts: label and value in two columns, one under the other on a phone. */
export const facts = style({
  display: "grid",
  gridTemplateColumns: "minmax(8em, max-content) 1fr",
  gap: "6px 16px",
  margin: 0,
  "@media": { "screen and (max-width: 420px)": { gridTemplateColumns: "1fr" } },
});

export const factLabel = style({ fontWeight: 600 });
export const factValue = style({ margin: 0 });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: "10px", alignItems: "center" });

export const fieldset = style({ border: 0, padding: 0, margin: 0, display: "flex", flexDirection: "column", gap: "4px" });

export const receipt = style({ "@media": { print: { border: 0, boxShadow: "none" } } });
