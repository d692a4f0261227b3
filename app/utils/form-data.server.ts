/**
 * The one way actions read a form post. A browser's form sends
 * application/x-www-form-urlencoded or multipart/form-data; anything else
 * (JSON, no content type) is 415, and a body that does not parse as its type
 * claims (broken multipart) is 400. Both are thrown as responses, so the
 * route's error page answers with that status instead of a 500.
 */
import { privateAnswer } from "./cache-headers";
const FORM_CONTENT_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

const errorHeaders = privateAnswer();

/** The media type of a request body, lowercased, without parameters; "" when none is given. */
export function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

export function isFormContentType(request: Request): boolean {
  return FORM_CONTENT_TYPES.has(mediaType(request));
}

export async function readFormData(request: Request): Promise<FormData> {
  if (!isFormContentType(request)) {
    throw new Response("Unsupported Media Type", { status: 415, headers: { ...errorHeaders, Accept: [...FORM_CONTENT_TYPES].join(", ") } });
  }
  try {
    return await request.formData();
  } catch {
    throw new Response("Bad Request", { status: 400, headers: errorHeaders });
  }
}
