import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const heading = style({ fontSize: "1.15rem", margin: 0 });
export const balance = style({ margin: 0, fontSize: "1.05rem" });
export const amount = style({ fontSize: "1.15rem" });
export const itemHead = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "baseline" });
export const message = style({ margin: 0, fontStyle: "italic", overflowWrap: "anywhere" });

/** Label and value in two columns (balance before and after). */
export const facts = style({ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "6px 16px", margin: 0 });

/** The rewards: one row each, what it is and how to do it, and its state. */
export const rewardState = style({ fontWeight: 600 });
export const rewardDone = style({ color: vars.color.success, fontWeight: 600 });

/** The invite link: a read-only field that wraps on a phone. */
export const linkField = style({
  width: "100%",
  boxSizing: "border-box",
  minHeight: "44px",
  fontFamily: "monospace",
  fontSize: "0.95rem",
  resize: "none",
  overflowWrap: "anywhere",
});
export const stats = style({ display: "grid", gridTemplateColumns: "1fr auto", gap: "6px 16px", margin: 0 });
