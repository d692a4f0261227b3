import { style } from "@vanilla-extract/css";

/** The <picture> box takes no layout of its own: the <img> inside is styled as if it stood alone. */
export const picture = style({ display: "contents" });

/** A round thumbnail (the claim preview's avatar). */
export const round = style({ borderRadius: "50%", objectFit: "cover" });
