/** Seed part "media": the photo rows, pointing at the files SeedPhotos stored before any row exists. */
import { MEDIA_KIND, MEDIA_STATUS, MEDIA_VARIANT_MIME } from "../../contract/media";
import { insertAll, type SeedPart } from "./part";

export const mediaPart: SeedPart = {
  name: "media",
  async write({ trx, people, idOf, photos }) {
    const mediaRows = people.flatMap((p) =>
      p.photos.map((photo) => {
        const stored = photos.of(p, photo);
        return {
          user_id: idOf(p),
          kind: MEDIA_KIND.photo,
          visibility: photo.visibility,
          status: MEDIA_STATUS.accepted,
          storage_key: stored.storageKey,
          mime_type: MEDIA_VARIANT_MIME.jpeg,
          width: stored.image.width,
          height: stored.image.height,
          variant_widths: stored.image.widths.join(","),
          bytes: stored.bytes,
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
