import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const title = style({ margin: 0, fontSize: "1.15rem" });
export const text = style({ margin: 0 });
export const status = style({ margin: 0, fontWeight: 600 });

/** The code to write down and hold up: large, spaced, easy to copy by hand. */
export const code = style({
  margin: 0,
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace",
  fontSize: "2rem",
  letterSpacing: "0.3em",
  fontWeight: 700,
  textAlign: "center",
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  color: vars.color.primary,
});

/** A file input as tall as any other control (a 44 px tap target). */
export const file = style({ minHeight: "44px", padding: `${vars.space.xs} 0`, maxWidth: "100%" });

/** The badges with their explanation (a details element: opens on tap without JavaScript). */
export const badge = style({ display: "inline-block", maxWidth: "100%" });
/** The tap target is 44 px tall; the pill inside it stays small. */
export const badgeSummary = style({
  cursor: "pointer",
  listStyle: "none",
  minHeight: "44px",
  display: "inline-flex",
  alignItems: "center",
  selectors: { "&::-webkit-details-marker": { display: "none" } },
});
export const badgePill = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "0.3em",
  fontSize: vars.font.sizeSm,
  padding: `4px ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.successBg,
  color: vars.color.success,
  fontWeight: 600,
});
export const badgeText = style({ margin: `${vars.space.xs} 0 0`, fontSize: vars.font.sizeSm, maxWidth: "32em" });

/** The back office: the check's photos beside the profile photos (stacked on phones). */
export const compare = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(150px, 1fr))",
  gap: vars.space.md,
  alignItems: "start",
});
export const comparePhoto = style({ width: "100%", height: "auto", borderRadius: vars.radius.sm, display: "block" });
export const thumbs = style({
  display: "grid",
  gridTemplateColumns: "repeat(3, 1fr)",
  gap: vars.space.xs,
  listStyle: "none",
  margin: 0,
  padding: 0,
});
/** The reject form: the reason above its button, never wider than the card. */
export const rejectForm = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, flex: "1 1 220px", minWidth: 0 });
export const select = style({ width: "100%", maxWidth: "100%", minHeight: "44px" });
export const overdue = style({ color: vars.color.danger, fontWeight: 700 });
