import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** Events' pages: the facts list of the detail page, the cover choices of the form, the rows of my_events. */
export const facts = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.sm,
  margin: 0,
  "@media": { "screen and (min-width: 768px)": { gridTemplateColumns: "max-content minmax(0, 1fr)", columnGap: vars.space.md } },
});

export const factLabel = style({ fontWeight: 600, margin: 0 });
export const factValue = style({ margin: 0 });

export const cover = style({ width: "100%", height: "auto", borderRadius: vars.radius.sm, display: "block" });

export const coverChoices = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.sm,
  gridTemplateColumns: "repeat(auto-fill, minmax(110px, 1fr))",
});

/** A cover choice: the whole photo is the radio's label, so the tap target is the tile. */
export const coverChoice = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  padding: vars.space.xs,
  minHeight: "44px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  cursor: "pointer",
});

export const coverImage = style({ width: "100%", height: "auto", aspectRatio: "3 / 4", objectFit: "cover", borderRadius: vars.radius.sm });

export const status = style({
  display: "inline-block",
  padding: "2px 8px",
  borderRadius: vars.radius.sm,
  fontSize: vars.font.sizeSm,
  border: `1px solid ${vars.color.border}`,
  selectors: {
    '&[data-status="accepted"]': { borderColor: vars.color.primary },
    '&[data-status="rejected"], &[data-status="cancelled"]': { borderColor: vars.color.danger },
  },
});

/** The place where the attendance and review sections of helper "attend" go (issue 29 item 1, 2). */
export const slot = style({ display: "contents" });
