import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import * as ui from "~/styles/ui.css";

/** Mobile first: one column; two from 768 px. */
export const head = style({
  display: "grid",
  gridTemplateColumns: "96px 1fr",
  gap: vars.space.md,
  alignItems: "center",
  "@media": { "screen and (min-width: 768px)": { gridTemplateColumns: "160px 1fr" } },
});
export const avatar = style({
  width: "100%",
  height: "auto",
  aspectRatio: "3 / 4",
  objectFit: "cover",
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
export const avatarPlaceholder = style([
  avatar,
  { display: "flex", alignItems: "center", justifyContent: "center", fontSize: vars.font.sizeXl, color: vars.color.textMuted },
]);
export const name = style({ margin: 0, fontSize: vars.font.sizeXl });
export const badges = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  listStyle: "none",
  padding: 0,
  margin: `${vars.space.sm} 0 0`,
});
export const badge = style({
  fontSize: vars.font.sizeSm,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  color: vars.color.accent,
});
/**
 * The profile's tabs: the shared tab row (app/styles/ui.css), with more room above and below. It wraps rather than
 * scrolls: without JavaScript nothing brings a tab scrolled out of sight into view, so every tab stays in sight.
 */
export const tabs = style([ui.tabBar, { margin: `${vars.space.lg} 0` }]);
export const tab = ui.tab;
export const section = style({ marginTop: vars.space.lg });
export const gallery = style({
  display: "grid",
  gridTemplateColumns: "repeat(3, 1fr)",
  gap: vars.space.xs,
  listStyle: "none",
  padding: 0,
  margin: 0,
  "@media": {
    "screen and (min-width: 768px)": { gridTemplateColumns: "repeat(4, 1fr)" },
    "screen and (min-width: 1200px)": { gridTemplateColumns: "repeat(5, 1fr)" },
  },
});
export const galleryImage = style({
  width: "100%",
  height: "auto",
  aspectRatio: "3 / 4",
  objectFit: "cover",
  borderRadius: vars.radius.sm,
  display: "block",
});
export const facts = style({
  display: "grid",
  gridTemplateColumns: "minmax(120px, 40%) 1fr",
  gap: `${vars.space.xs} ${vars.space.md}`,
  margin: 0,
});
export const factTerm = style({ color: vars.color.textMuted });
export const factValue = style({ margin: 0 });
export const table = style({ width: "100%", borderCollapse: "collapse", margin: `0 0 ${vars.space.md}` });
/** Rows with air: the day (or duration) and its hours (or price) never run into each other. */
export const cell = style({
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: "left",
  verticalAlign: "top",
  selectors: { "&:last-child": { paddingRight: 0 } },
});
export const prompt = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
});
export const text = style({ whiteSpace: "pre-line", overflowWrap: "anywhere" });

/** The contact rule before anyone writes (ADR 068): a marked note, not an error — nothing went wrong yet. */
export const contactRule = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  marginBottom: vars.space.sm,
  borderLeft: `4px solid ${vars.color.primary}`,
  background: vars.color.surface,
  borderRadius: vars.radius.sm,
});
export const contactRuleText = style({ fontWeight: 600, marginTop: 0 });
globalStyle(`${contactRule} > p:last-child`, { marginBottom: 0 });

export const galleryLink = style({ display: "block", borderRadius: vars.radius.sm });
export const avatarLink = style({ display: "block", borderRadius: vars.radius.md });

/** A photo's larger view: hidden until its id is the URL's fragment (:target), then over the whole screen. */
export const lightbox = style({
  display: "none",
  position: "fixed",
  inset: 0,
  zIndex: 100,
  flexDirection: "column",
  background: "#120c1c",
  color: "#ffffff",
  selectors: { "&:target": { display: "flex" } },
});
export const lightboxFigure = style({
  flex: "1 1 auto",
  minHeight: 0,
  margin: 0,
  padding: vars.space.sm,
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.xs,
});
/**
 * The open view's photo: a background that fills the space above the caption (contain, centred), read from
 * the custom properties ProfileGallery sets per photo. Only the open (:target) view has a background image,
 * so a closed view fetches nothing, with JavaScript or without.
 */
const openView = `${lightbox}:target &`;
export const lightboxPhoto = style({
  flex: "1 1 auto",
  alignSelf: "stretch",
  minHeight: 0,
  backgroundPosition: "center",
  backgroundRepeat: "no-repeat",
  backgroundSize: "contain",
  selectors: { [openView]: { backgroundImage: "var(--photo-jpeg)" } },
  "@supports": {
    '(background-image: image-set(url("a.avif") type("image/avif") 1x))': {
      selectors: { [openView]: { backgroundImage: "var(--photo)" } },
      "@media": { "screen and (min-width: 641px)": { selectors: { [openView]: { backgroundImage: "var(--photo-wide)" } } } },
    },
  },
});
export const lightboxCaption = style({ fontSize: vars.font.sizeSm });
export const lightboxNav = style({
  display: "grid",
  gridTemplateColumns: "1fr auto 1fr",
  gap: vars.space.sm,
  padding: vars.space.sm,
  alignItems: "center",
});
export const lightboxLink = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "44px",
  minWidth: "44px",
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: "1px solid rgba(255, 255, 255, 0.6)",
  color: "#ffffff",
  textDecoration: "none",
  selectors: {
    "&:hover": { color: "#ffffff", background: "rgba(255, 255, 255, 0.12)" },
    '&[rel="prev"]': { justifySelf: "start" },
    '&[rel="next"]': { justifySelf: "end" },
  },
});
globalStyle(`${section} h3`, { marginTop: vars.space.lg });

/** The interview: each question over its answer (issue 11, ADR 039). */
export const interview = style({ display: "flex", flexDirection: "column", gap: vars.space.md, margin: 0 });
export const interviewItem = style({ display: "flex", flexDirection: "column", gap: vars.space.xs });
export const interviewQuestion = style({ fontWeight: 600 });

/** A business's escorts (ADR 069): one name a line, each link a 44 px tap target. */
export const escortList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexWrap: "wrap", gap: `0 ${vars.space.md}` });
export const escortLink = style({ display: "inline-flex", alignItems: "center", minHeight: "44px" });
