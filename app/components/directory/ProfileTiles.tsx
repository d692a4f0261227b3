import type { DirectoryTile } from "~/api/seo.server";
import { ProfileTileGrid, type ProfileTileView } from "~/components/tiles/ProfileTile";

function tileOfProfile(p: DirectoryTile): ProfileTileView {
  return {
    key: p.id,
    username: p.username,
    displayName: p.displayName,
    age: p.age,
    cityName: p.cityName,
    avatar: p.avatar,
    isMember: p.isMember,
    tour: p.tour,
  };
}

/** Profile tiles of directory and landing pages: the same tiles as search. */
export function ProfileTiles({ profiles }: { profiles: DirectoryTile[] }) {
  return <ProfileTileGrid tiles={profiles.map(tileOfProfile)} testId="directory-tiles" />;
}
