/** /ads/seen/{creative}?k=…: the impression pixel of the shown ad box (ADR 140 decision 2, ADR 146). */
import { countAdPixel } from "~/features/ads/ads.server";

export const loader = countAdPixel;
