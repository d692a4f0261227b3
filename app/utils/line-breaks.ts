/**
 * A textarea's value as the browser counted it: forms send line breaks as CRLF (or a lone CR), the browser's
 * maxlength counts each as one character. Validate and store the normalized text, so a note at the limit
 * with line breaks is not refused.
 */
export function normalizeLineBreaks(value: string): string {
  return value.replace(/\r\n?/g, "\n");
}
