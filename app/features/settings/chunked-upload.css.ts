import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The photo upload's progress bar (JavaScript only, ChunkedPhotoUpload.tsx). */
export const progress = style({
  width: "100%",
  height: "12px",
  accentColor: vars.color.primary,
});

export const failed = style({ margin: 0, color: vars.color.danger });

export const status = style({ margin: 0, color: vars.color.textMuted });

/** The empty live region waits in the form's stack without adding a gap of its own. */
export const idle = style({ marginTop: `calc(-1 * ${vars.space.md})` });
