import type { SearchTile } from "~/api/search.server";
import { ProfileTileGrid, type ProfileTileView } from "~/components/tiles/ProfileTile";

/** One search hit as the pages render it: the fields of the API's hit a tile shows (hits carry no photo count). */
export type Tile = Pick<
  SearchTile,
  | "userId"
  | "username"
  | "displayName"
  | "age"
  | "cityName"
  | "distanceKm"
  | "price"
  | "avatar"
  | "isMember"
  | "reviewCount"
  | "ratingAvg"
  | "tour"
  | "contactRule"
  | "risen"
>;

/**
 * What a page's loader keeps of an API hit: the fields a result tile shows (tileOfHit), nothing else. The loader data is
 * encoded into every page and sent to the browser, and a hit carries more than a tile reads (ADR 171).
 */
export function tileFieldsOf(hit: Tile & { isVerified: boolean }): Tile & { isVerified: boolean } {
  return {
    userId: hit.userId,
    username: hit.username,
    displayName: hit.displayName,
    age: hit.age,
    cityName: hit.cityName,
    distanceKm: hit.distanceKm,
    price: hit.price,
    avatar: hit.avatar,
    isMember: hit.isMember,
    reviewCount: hit.reviewCount,
    ratingAvg: hit.ratingAvg,
    tour: hit.tour,
    contactRule: hit.contactRule,
    risen: hit.risen,
    isVerified: hit.isVerified,
  };
}

/** A hit that says whether its photos are real (search hits do: `is_verified`, a verified webcam check, ADR 107). */
export function tileOfHit(hit: Tile & { isVerified?: boolean }): ProfileTileView {
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
    contactRule: hit.contactRule ?? null,
    risen: hit.risen,
    photosReal: hit.isVerified ?? false,
  };
}

/** The result grid of every search page (listing paths, home, nearby): the shared profile tiles. */
export function ResultTiles({ tiles }: { tiles: Tile[] }) {
  return <ProfileTileGrid tiles={tiles.map(tileOfHit)} />;
}
