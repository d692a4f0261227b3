import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** A post's text: a readable measure, headings and lists in the page's rhythm, images never wider than the column. */
export const body = style({
  maxWidth: "68ch",
  lineHeight: 1.6,
  overflowWrap: "anywhere",
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
});

export const paragraph = style({ margin: 0, whiteSpace: "pre-line" });
export const heading2 = style({ margin: `${vars.space.md} 0 0`, fontSize: "1.35rem" });
export const heading3 = style({ margin: `${vars.space.sm} 0 0`, fontSize: "1.15rem" });
export const list = style({ margin: 0, paddingLeft: "1.4em" });
export const figure = style({ margin: 0 });
export const image = style({
  display: "block",
  width: "100%",
  height: "auto",
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
});
export const caption = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm, marginTop: vars.space.xs });

export const cover = style({
  display: "block",
  width: "100%",
  maxHeight: "420px",
  objectFit: "cover",
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
});

export const byline = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, alignItems: "center" });
export const categoryTag = style({
  display: "inline-block",
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  fontSize: vars.font.sizeSm,
});

/** Where the comments helper mounts the likes button and the comments (issue 29 item 4). */
export const community = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.md });

export const preview = style({ border: `2px dashed ${vars.color.border}`, borderRadius: vars.radius.sm, padding: vars.space.md });
export const markup = style({ fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace", minHeight: "16rem" });
export const guide = style({ margin: 0, padding: 0, listStyle: "none", display: "grid", gap: vars.space.xs, fontSize: vars.font.sizeSm });
export const guideCode = style({
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace",
  background: vars.color.surfaceAlt,
  padding: "0 4px",
});

export const mediaGrid = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.sm,
  gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
  "@media": { "screen and (min-width: 768px)": { gridTemplateColumns: "repeat(5, minmax(0, 1fr))" } },
});
export const mediaChoice = style({ display: "flex", flexDirection: "column", gap: vars.space.xs, alignItems: "center", minHeight: "44px" });
export const mediaThumb = style({ width: "100%", aspectRatio: "1 / 1", objectFit: "cover", borderRadius: vars.radius.sm });

export const rowCard = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});
export const rowTitle = style({ margin: 0, fontSize: "1.05rem", overflowWrap: "anywhere" });
export const status = style({ fontWeight: 600 });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "flex-start" });
export const actionButton = style({ minHeight: "44px" });
export const confirm = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });
export const filters = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "flex-end" });
export const pager = style({ display: "flex", justifyContent: "space-between", alignItems: "center", gap: vars.space.sm });
