import type { MediaImage } from "#server/contract/media";
import { Picture } from "~/components/Picture";
import * as css from "./tiles.css";

/**
 * The slot widths the browser picks variants for, as tiles.css lays the grid out: two columns on a
 * phone, three from 600 px, four from 960 px, inside the 1120 px page (less beside the search filters).
 */
const TILE_SIZES = "(min-width: 1120px) 260px, (min-width: 960px) 25vw, (min-width: 600px) 33vw, 50vw";

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
