import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const figure = style({ margin: 0, display: "flex", flexDirection: "column", gap: vars.space.xs });

/** Full width on a phone, 16:9 until the media says otherwise, black while nothing plays. */
export const video = style({ width: "100%", aspectRatio: "16 / 9", background: "#000", borderRadius: vars.radius.md });

export const caption = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm, fontSize: vars.font.sizeSm });

/** A tap target of at least 44 px. */
export const link = style({ display: "inline-flex", alignItems: "center", minHeight: "44px" });

export const hint = style({ color: vars.color.textMuted, flexBasis: "100%" });

export const publisher = style({ display: "flex", flexDirection: "column", gap: vars.space.sm });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });
