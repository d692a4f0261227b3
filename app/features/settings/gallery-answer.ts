/**
 * A refused post of user/media_gallery as its forms show it, read from the action's reply (the form kit): which form
 * (intent), which item (id), the errors at the fields each form shows and the rest above it, the input kept.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseRowId } from "#server/contract/row-id";
import { errorsBesides, inputText, inputTexts, readReply } from "~/components/form/reply";

export interface GalleryActionData {
  intent: string | null;
  id: number | null;
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
  values: Record<string, string>;
}

/** The fields each form shows its errors at. */
const SHOWN_FIELDS: Record<string, readonly string[]> = {
  upload: ["files", "visibility"],
  upload_video: ["file", "visibility"],
  watermark: ["enabled", "color", "corner", "opacity"],
  visibility: ["visibility"],
  access: ["access", "price"],
};

export function galleryAnswerOf(lastResult: SubmissionResult<string[]>): GalleryActionData {
  const reply = readReply(lastResult);
  return {
    intent: reply.intent,
    id: parseRowId(inputText(reply, "id")),
    formErrors: errorsBesides(reply, SHOWN_FIELDS[reply.intent ?? ""] ?? []),
    fieldErrors: reply.fieldErrors,
    values: inputTexts(reply),
  };
}
