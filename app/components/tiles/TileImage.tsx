import type { MediaImage } from "#server/contract/media";
import { Picture } from "~/components/Picture";
import * as css from "./tiles.css";

/** Two columns on a phone up to five on wide screens (tiles.css): the slot widths the browser picks variants for. */
const TILE_SIZES = "(min-width: 1200px) 240px, (min-width: 768px) 25vw, 50vw";

/**
 * A tile's photo as a responsive <picture> of the stored variants (ADR 018).
 * Decorative (alt=""): the tile's link text names the person. The first row
 * loads at once (the first two with high priority), the rest lazily.
 */
export function TileImage({
  image,
  initial,
  eager,
  priority,
}: {
  image: MediaImage | null;
  initial: string;
  eager: boolean;
  priority: boolean;
}) {
  if (!image)
    return (
      <span className={css.placeholder} aria-hidden="true">
        {initial}
      </span>
    );
  return (
    <Picture
      image={image}
      className={css.image}
      alt=""
      sizes={TILE_SIZES}
      width={300}
      height={400}
      loading={eager ? "eager" : "lazy"}
      priority={priority}
    />
  );
}
