import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const meter = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, fontWeight: 600 });
export const progress = style({ width: "100%", height: "12px", accentColor: vars.color.primary });
export const checklist = style({ listStyle: "none", padding: 0, margin: `${vars.space.sm} 0`, display: "grid", gap: vars.space.sm });
export const groupTitle = style({ fontSize: "1rem", margin: `${vars.space.md} 0 ${vars.space.xs}` });
/** A row of the moderation card: the whole line is the link, tall enough to tap. */
export const tapRow = style({ display: "inline-flex", alignItems: "center", minHeight: "44px" });
