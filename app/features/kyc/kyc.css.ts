import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const title = style({ margin: 0, fontSize: "1.15rem" });
export const text = style({ margin: 0 });
export const status = style({ margin: 0, fontWeight: 600 });
export const good = style({ color: vars.color.success });
export const open = style({ color: vars.color.danger });

/** The four steps as numbered cards: the order is the order to do them in. */
export const steps = style({ margin: 0, paddingLeft: "1.4rem", display: "flex", flexDirection: "column", gap: vars.space.md });
export const step = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const stepTitle = style({ margin: 0, fontSize: "1.05rem" });

/** The agreement's text: readable line length, a little apart from the form. */
export const agreement = style({ display: "flex", flexDirection: "column", gap: vars.space.sm, lineHeight: 1.5 });
export const paragraph = style({ margin: 0 });
export const fingerprint = style({ margin: 0, wordBreak: "break-all", fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace" });

/** A confirmation box with its label: the whole row is the 44 px tap target. */
export const confirmRow = style({ display: "flex", gap: vars.space.sm, alignItems: "flex-start", minHeight: "44px", cursor: "pointer" });

/** Staff's reason fields never widen a phone's page. */
export const reason = style({ width: "100%", maxWidth: "100%", minHeight: "4.5rem", boxSizing: "border-box" });
