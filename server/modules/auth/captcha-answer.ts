/**
 * How a captcha's answer is stored: an HMAC under APP_SECRET, bound to the
 * challenge id, case-insensitive. Its own module so the e2e suite can set a
 * known answer in the answer store without loading the image renderer.
 */
import { hmac } from "../../lib/crypto";

export function captchaAnswerHash(secret: string, id: string, answer: string): string {
  return hmac(secret, `${id}:${answer.trim().toUpperCase()}`);
}
