import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The setup's three steps, numbered; each a block of its own on a phone. */
export const steps = style({ margin: 0, paddingLeft: "1.4em", display: "flex", flexDirection: "column", gap: vars.space.lg });

/** The QR code: large enough for a phone camera at arm's length, never wider than the screen. */
export const qr = style({
  display: "block",
  width: "240px",
  maxWidth: "100%",
  height: "auto",
  background: "#ffffff",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});

/** The key and the codes in a typewriter face: 0/O and 1/l must not be confused when typed by hand. */
export const secret = style({
  fontFamily: "monospace",
  fontSize: "1.1rem",
  letterSpacing: "0.05em",
  wordBreak: "break-word",
  background: vars.color.surfaceAlt,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  margin: 0,
});

export const uri = style({ fontFamily: "monospace", fontSize: "0.85rem", wordBreak: "break-all", margin: `${vars.space.sm} 0 0` });

/** The details' summary: a 44 px target that keeps its disclosure triangle. */
export const summary = style({ padding: "12px 0", lineHeight: "20px", cursor: "pointer" });

export const codeList = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(170px, 1fr))",
  gap: vars.space.sm,
  margin: 0,
  paddingLeft: "1.6em",
});

export const code = style({ fontFamily: "monospace", fontSize: "1.05rem" });
