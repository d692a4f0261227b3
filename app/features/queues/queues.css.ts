import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import * as ui from "~/styles/ui.css";

/** The queues as tabs with their counts, wrapping on phones (every link at least 44 px high). */
export const nav = style([ui.tabBar, { margin: 0 }]);
export const count = style({ marginLeft: vars.space.xs, color: vars.color.textMuted, fontVariantNumeric: "tabular-nums" });

/** Take next beside the shortcuts' help. */
export const tools = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });

/** Who holds an item, and the claim's form, above its decisions. */
export const claimBar = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "center",
  justifyContent: "space-between",
  padding: `${vars.space.xs} 0`,
});
export const claimedByOther = style({ color: vars.color.danger, fontWeight: 600 });

/**
 * The item the keyboard is on (queue-keys.js sets data-current). A global rule on the attribute, so an item keeps its
 * page's own class.
 */
globalStyle('[data-queue-item][data-current="true"]', { outline: `3px solid ${vars.color.primary}`, outlineOffset: "2px" });

export const homeList = style([ui.plainList]);
export const homeItem = style([ui.entryCard, { display: "flex", flexDirection: "column", gap: vars.space.xs }]);
export const homeLink = style({ display: "inline-flex", alignItems: "center", minHeight: "44px", fontWeight: 700, fontSize: "1.1rem" });

export const shortcuts = style({ fontSize: vars.font.sizeSm });
export const keyList = style({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: `${vars.space.sm} 0 0`,
});
export const key = style({ fontFamily: "monospace", fontWeight: 700 });
