/** Seed part "media": the photo rows, pointing at the files SeedPhotos stored before any row exists. */
import { MEDIA_STATUS } from "../../contract/media";
import { insertAll, type SeedPart } from "./part";
import { storedPhotoColumns } from "./stored-photo";

export const mediaPart: SeedPart = {
  name: "media",
  async write({ trx, people, idOf, photos }) {
    const mediaRows = people.flatMap((p) =>
      p.photos.map((photo) => {
        const stored = photos.of(p, photo);
        return {
          user_id: idOf(p),
          visibility: photo.visibility,
          status: MEDIA_STATUS.accepted,
          ...storedPhotoColumns(stored),
          position: photo.position,
          is_avatar: photo.isAvatar ? 1 : 0,
          created_at: photo.createdAt,
        };
      }),
    );
    await insertAll(trx, "media", mediaRows);
    return { media: mediaRows.length };
  },
};
