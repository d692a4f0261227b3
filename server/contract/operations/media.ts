/** The media group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";
import { albumOrderingSchema, galleryQuerySchema, mediaPositionSchema, mediaVisibilitySchema, watermarkSchema } from "../media-gallery";

// The member's own media (gallery, its actions, the upload token) are read as the API spells them (camelize: false):
// the gallery's page and its upload script share these shapes with the API's documentation.
export const mediaOps = {
  gallery: defineOperation({
    method: "get",
    path: "/api/v2/media/gallery",
    query: galleryQuerySchema,
    response: "GalleryPage",
    camelize: false,
  }),
  watermark: defineOperation({
    method: "put",
    path: "/api/v2/media/watermark",
    body: watermarkSchema,
    response: "WatermarkSettings",
    camelize: false,
  }),
  albumOrdering: defineOperation({
    method: "put",
    path: "/api/v2/media/album/ordering",
    body: albumOrderingSchema,
    response: "AlbumOrdering",
  }),
  visibility: defineOperation({
    method: "put",
    path: "/api/v2/media/:id/visibility",
    body: mediaVisibilitySchema,
    response: "OwnMediaItem",
    camelize: false,
  }),
  position: defineOperation({
    method: "put",
    path: "/api/v2/media/:id/position",
    body: mediaPositionSchema,
    response: "OwnMediaItem",
    camelize: false,
  }),
  moveToTop: defineOperation({ method: "post", path: "/api/v2/media/:id/move-to-top", response: "OwnMediaItem", camelize: false }),
  avatar: defineOperation({ method: "put", path: "/api/v2/media/:id/avatar", response: "OwnMediaItem", camelize: false }),
  cover: defineOperation({ method: "put", path: "/api/v2/media/:id/cover", response: "OwnMediaItem", camelize: false }),
  fakeCheck: defineOperation({ method: "post", path: "/api/v2/media/:id/fake-check", response: "OwnMediaItem", camelize: false }),
  remove: defineOperation({ method: "delete", path: "/api/v2/media/:id", response: "MediaDeleted", camelize: false }),
  uploadVideo: defineOperation({ method: "post", path: "/api/v2/media/video", response: "OwnMediaItem" }),
  upload: defineOperation({ method: "post", path: "/api/v2/media/upload", response: "MediaItems" }),
  mine: defineOperation({ method: "get", path: "/api/v2/media/my", response: "MediaItems", camelize: false }),
  file: defineOperation({ method: "get", path: "/api/v2/media/:key/:variant" }),
  uploadToken: defineOperation({ method: "post", path: "/api/v2/media/upload/token", response: "UploadToken", camelize: false }),
  uploadChunk: defineOperation({ method: "post", path: "/api/v2/media/upload/chunked", response: "ChunkedUploadAnswer" }),
  chunkedState: defineOperation({ method: "get", path: "/api/v2/media/upload/chunked/:uploadId", response: "ChunkedUploadState" }),
};
