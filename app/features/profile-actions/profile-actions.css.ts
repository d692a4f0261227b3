import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const actions = style({ display: "flex", flexDirection: "column", gap: vars.space.md, margin: `${vars.space.md} 0` });

/** Report and block: quieter than the main actions, side by side where there is room. */
export const secondary = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "flex-start" });
