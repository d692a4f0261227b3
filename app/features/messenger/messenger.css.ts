import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const threadList = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.sm });

export const thread = style({
  display: "grid",
  gridTemplateColumns: "48px minmax(0, 1fr) auto",
  gap: vars.space.sm,
  alignItems: "start",
  padding: vars.space.sm,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const threadUnread = style({ borderColor: vars.color.primary, borderWidth: "2px" });

export const avatar = style({
  width: "48px",
  height: "48px",
  borderRadius: "50%",
  objectFit: "cover",
  background: vars.color.surfaceAlt,
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  fontWeight: 600,
  overflow: "hidden",
});

/** A fixed 48 px slot for the avatar, whatever the picture inside does. */
export const avatarBox = style({
  width: "48px",
  height: "48px",
  flex: "0 0 48px",
  borderRadius: "50%",
  overflow: "hidden",
  display: "block",
});

export const threadMain = style({ display: "flex", flexDirection: "column", gap: "2px", minWidth: 0 });

export const threadLink = style({
  display: "flex",
  flexDirection: "column",
  gap: "2px",
  minHeight: "44px",
  textDecoration: "none",
  color: vars.color.text,
  minWidth: 0,
});

export const name = style({ fontWeight: 600, overflowWrap: "anywhere" });

export const preview = style({
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});

export const badge = style({
  display: "inline-block",
  minWidth: "1.6em",
  padding: `0 ${vars.space.xs}`,
  borderRadius: "999px",
  background: vars.color.primary,
  color: "#fff",
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  textAlign: "center",
});

export const status = style({ fontSize: vars.font.sizeSm, color: vars.color.textMuted });

export const online = style({ color: "#1f7a3a", fontWeight: 600 });

export const side = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "flex-end",
  gap: vars.space.xs,
  fontSize: vars.font.sizeSm,
});

export const actions = style({ gridColumn: "1 / -1" });

export const actionSummary = style({
  minHeight: "44px",
  display: "flex",
  alignItems: "center",
  cursor: "pointer",
  color: vars.color.textMuted,
});

export const messages = style({ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: vars.space.sm });

export const bubble = style({
  maxWidth: "85%",
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  alignSelf: "flex-start",
  overflowWrap: "anywhere",
  whiteSpace: "pre-wrap",
});

export const bubbleMine = style({ alignSelf: "flex-end", background: vars.color.surfaceAlt, borderColor: vars.color.surfaceAlt });

export const noThanks = style({ fontStyle: "italic", color: vars.color.textMuted });

export const meta = style({
  display: "flex",
  gap: vars.space.sm,
  flexWrap: "wrap",
  justifyContent: "flex-end",
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
  whiteSpace: "normal",
});

export const photos = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: vars.space.xs,
  marginTop: vars.space.xs,
});

export const photo = style({ width: "100%", height: "auto", borderRadius: vars.radius.sm, display: "block" });

export const compose = style({
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  padding: `${vars.space.sm} 0`,
});

export const textarea = style({ minHeight: "88px", resize: "vertical" });

export const upgrade = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.primary}`,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.sm,
});

export const head = style({ display: "flex", alignItems: "center", gap: vars.space.sm, flexWrap: "wrap" });

export const tapLink = style({ display: "inline-flex", alignItems: "center", minHeight: "44px" });

export const mediums = style({
  display: "grid",
  gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
  gap: vars.space.xs,
  listStyle: "none",
  padding: 0,
  margin: 0,
});

/** The report link under a message: a 44 px tap target without a box of its own. */
export const metaLink = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "44px",
  padding: `0 ${vars.space.xs}`,
  margin: "-12px 0",
});

/** A send that failed: the reason and the retry button under the text. */
export const bubbleFailed = style({ borderColor: vars.color.danger, borderStyle: "dashed" });

export const failure = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
  fontSize: vars.font.sizeSm,
  color: vars.color.danger,
});

/** "… schreibt": a fixed line, so the list does not jump when it comes and goes. */
export const typing = style({
  minHeight: "1.4em",
  margin: 0,
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
  fontStyle: "italic",
});

/**
 * The thread list's line only ever says that the socket is away (nobody types in a list): it takes no room while it
 * has nothing to say, so the list starts right under the folders (it left an empty band there, ADR 162).
 */
export const connectionLine = style([typing, { selectors: { "&:empty": { display: "none" } } }]);

/** The folder tabs inside the page's stack: the stack's gap spaces them, the tab bar's own margin would double it. */
export const folderTabs = style({ margin: 0 });

/** The partner's name in the conversation's heading links to the profile: a whole tap target. */
export const nameLink = style({ display: "inline-flex", alignItems: "center", minHeight: "44px" });

/** A second step inside the actions (delete for me): its summary looks like the other buttons; open, it takes a line. */
export const confirmBox = style({ selectors: { "&[open]": { flexBasis: "100%" } } });
globalStyle(`${confirmBox} > summary`, { listStyle: "none", width: "fit-content" });
globalStyle(`${confirmBox} > summary::-webkit-details-marker`, { display: "none" });

/** The "new message to" search: the field takes the room beside its button, so both stay on one line on a phone. */
export const newMessageInput = style({ flex: "1 1 10rem", minWidth: 0 });
/** The contact rule in place of the compose form (ADR 068). */
export const ruleText = style({ fontWeight: 600, margin: 0 });

/** A boosted message's mark (ADR 083): the accent colour, bold, on the meta line of both members. */
export const boosted = style({ color: vars.color.accent, fontWeight: 600 });

/** The message a boost confirmation is about, quoted. */
export const quote = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderInlineStart: `3px solid ${vars.color.accent}`,
  background: vars.color.surfaceAlt,
});
