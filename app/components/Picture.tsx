import { mediaFallbackUrl, mediaSrcSet, type MediaImage } from "#server/contract/media";
import * as css from "./picture.css";

/**
 * A stored photo as a responsive <picture> (ADR 018): AVIF and WebP sources
 * and a JPEG <img> fallback, each with every stored width, so the browser
 * downloads the smallest file that fills the slot (`sizes`) at its pixel
 * density. Below the fold it loads lazily; `priority` marks a first-screen
 * image (eager, fetchpriority high). width/height give the box its aspect
 * ratio before the bytes arrive (no layout shift).
 */
export function Picture({
  image,
  alt,
  sizes,
  width,
  height,
  className,
  loading = "lazy",
  priority = false,
}: {
  image: MediaImage;
  alt: string;
  /** The slot's displayed width per viewport, e.g. "(min-width: 768px) 160px, 96px". */
  sizes: string;
  width: number;
  height: number;
  className?: string;
  loading?: "lazy" | "eager";
  priority?: boolean;
}) {
  const hasVariants = image.widths.length > 0;
  return (
    <picture className={css.picture}>
      {hasVariants ? <source type="image/avif" srcSet={mediaSrcSet(image, "avif")} sizes={sizes} /> : null}
      {hasVariants ? <source type="image/webp" srcSet={mediaSrcSet(image, "webp")} sizes={sizes} /> : null}
      <img
        // loading before src: some browsers decide on lazy loading when they meet src.
        loading={priority ? "eager" : loading}
        // React 18 knows no fetchPriority prop; the lowercase attribute passes through as is.
        {...(priority ? { fetchpriority: "high" } : {})}
        decoding="async"
        className={className}
        src={mediaFallbackUrl(image)}
        srcSet={hasVariants ? mediaSrcSet(image, "jpeg") : undefined}
        sizes={hasVariants ? sizes : undefined}
        alt={alt}
        width={width}
        height={height}
      />
    </picture>
  );
}
