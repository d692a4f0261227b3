import { style } from "@vanilla-extract/css";
import { AD_WIDE_MEDIA } from "~/features/ads/breakpoint";
import { vars } from "~/styles/theme.css";

export const zone = style({
  position: "relative",
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  margin: `${vars.space.md} auto`,
  width: "100%",
});
export const head = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "center",
  gap: vars.space.sm,
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
});
export const label = style({ textTransform: "uppercase", letterSpacing: "0.05em", fontWeight: 600 });
// 44 px tall tap target for the small link, without growing the line.
export const why = style({ display: "inline-flex", alignItems: "center", minHeight: "44px", color: vars.color.textMuted });
/** The reserved box: its size comes from the width and the aspect ratio, before anything inside loads. */
export const box = style({
  position: "relative",
  width: "100%",
  margin: "0 auto",
  overflow: "hidden",
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
});
export const house = style({
  position: "absolute",
  inset: 0,
  display: "flex",
  flexDirection: "column",
  justifyContent: "center",
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.text,
  textDecoration: "none",
  ":focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "-2px" },
});
export const headline = style({ color: vars.color.primary, fontWeight: 700, fontSize: "1.05rem", lineHeight: 1.25 });
export const text = style({ fontSize: vars.font.sizeSm, lineHeight: 1.35, color: vars.color.text });
export const frame = style({ position: "absolute", inset: 0, width: "100%", height: "100%", border: 0 });
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: vars.font.sizeSm });
export const cell = style({
  textAlign: "left",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const checks = style({ display: "flex", flexWrap: "wrap", gap: `0 ${vars.space.md}` });
export const check = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xs, minHeight: "44px" });
/** A <details> summary: keeps its disclosure marker, a 44 px tap target. */
export const summary = style({ display: "list-item", minHeight: "44px", lineHeight: "44px", cursor: "pointer", fontWeight: 600 });
/** The back office's preview of an image creative: its real size, narrower on a phone. */
export const preview = style({ display: "block", maxWidth: "100%", height: "auto", border: `1px solid ${vars.color.border}` });
/** An image creative fills the reserved box exactly (same aspect ratio), so nothing moves when it arrives. */
export const image = style({ position: "absolute", inset: 0, width: "100%", height: "100%", display: "block" });

/*
 * Wide zones (ADR 140 decision 2): two reserved boxes, one shown by the viewport's width, no JavaScript. A box that is
 * display:none never lays out, so nothing in it shifts the page; the pixel picks its source by the same media query.
 */
export const narrowOnly = style({ "@media": { [AD_WIDE_MEDIA]: { display: "none" } } });
export const wideOnly = style({ display: "none", "@media": { [AD_WIDE_MEDIA]: { display: "block" } } });
/** A zone with only a wide ad: nothing of it (not even its label) on a phone. */
export const zoneWideOnly = style({ display: "none", "@media": { [AD_WIDE_MEDIA]: { display: "flex" } } });
/** The 1×1 impression pixel: in the zone's corner, out of the flow, never in the way of a tap. */
export const pixel = style({ position: "absolute", right: 0, bottom: 0, width: "1px", height: "1px", pointerEvents: "none" });
