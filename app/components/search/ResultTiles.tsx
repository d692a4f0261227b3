import type { MediaImage } from "#server/contract/media";
import { ProfileTileGrid, type ProfileTileView } from "~/components/tiles/ProfileTile";

/** One search hit as the pages render it (a subset of the API's user-and-business hit). */
export interface Tile {
  userId: number;
  username: string;
  displayName: string;
  age: number | null;
  cityName: string | null;
  distanceKm: number | null;
  price: { durationMinutes: number; priceEur: number } | null;
  avatar: MediaImage | null;
  isMember?: boolean;
  /** Counts the hit carries (the API has no photo count on hits). */
  reviewCount?: number;
  ratingAvg?: number | null;
  tour?: { cityName: string; dateFrom: string; dateTo: string } | null;
}

export function tileOfHit(hit: Tile): ProfileTileView {
  return {
    key: hit.userId,
    username: hit.username,
    displayName: hit.displayName,
    age: hit.age,
    cityName: hit.cityName,
    avatar: hit.avatar,
    distanceKm: hit.distanceKm,
    price: hit.price,
    reviewCount: hit.reviewCount,
    ratingAvg: hit.ratingAvg,
    isMember: hit.isMember,
    tour: hit.tour ?? null,
  };
}

/** The result grid of every search page (listing paths, home, nearby): the shared profile tiles. */
export function ResultTiles({ tiles }: { tiles: Tile[] }) {
  return <ProfileTileGrid tiles={tiles.map(tileOfHit)} />;
}
