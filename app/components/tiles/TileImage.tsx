import * as css from "./tiles.css";

/**
 * A tile's photo, kept apart so sized variants (srcset/sizes) change here
 * only. Decorative (alt=""): the tile's link text names the person. The
 * first row loads at once, the rest lazily.
 */
export function TileImage({ url, initial, eager }: { url: string | null; initial: string; eager: boolean }) {
  if (!url)
    return (
      <span className={css.placeholder} aria-hidden="true">
        {initial}
      </span>
    );
  return <img className={css.image} src={url} alt="" width={300} height={400} loading={eager ? "eager" : "lazy"} decoding="async" />;
}
