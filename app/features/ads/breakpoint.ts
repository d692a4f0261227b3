/**
 * Wide zones (ADR 140 decision 2, ADR 146): from this viewport width the wide ad box shows and the narrow one is
 * hidden. One constant for the CSS (ads.css.ts) and the impression pixel's <source> (AdZone.tsx), which must agree.
 * A plain module: vanilla-extract evaluates the stylesheet at build time and resolves only `~/` imports.
 */
export const AD_WIDE_MIN_WIDTH_PX = 768;
export const AD_WIDE_MEDIA = `(min-width: ${AD_WIDE_MIN_WIDTH_PX}px)`;
