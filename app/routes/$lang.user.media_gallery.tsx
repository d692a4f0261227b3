/** user/media_gallery (issue 10 item 3). A thin adapter over app/features/settings. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { galleryAnswerOf } from "~/features/settings/gallery-answer";
import { loadMediaGallery, submitMediaGallery } from "~/features/settings/media-gallery.server";
import { MediaGalleryPage } from "~/features/settings/MediaGalleryPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account", "gallery", "gallery-upload", "creator-media"] };

export const loader = (args: LoaderFunctionArgs) => loadMediaGallery(args);

export const action = (args: ActionFunctionArgs) => submitMediaGallery(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function MediaGalleryRoute() {
  const { gallery, selected, done, defaultVisibility, uploadToken, photoLimits, isCreator } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <MediaGalleryPage
      gallery={gallery}
      selected={selected}
      done={done}
      answer={reply ? galleryAnswerOf(reply.lastResult) : null}
      defaultVisibility={defaultVisibility}
      uploadToken={uploadToken}
      photoLimits={photoLimits}
      isCreator={isCreator}
    />
  );
}
