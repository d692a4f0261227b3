/**
 * /ads/image/{file}: an image creative's bytes (ADR 140), from the API, passed through with its year-long cache
 * header (a new image gets a new name). Anything the API does not answer 200 is a plain 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { AD_IMAGE_FILE } from "#server/contract/ads";
import { fetchAdImage } from "~/api/ads.server";
import { createApiClient } from "~/api/client.server";
import { forwardMediaFile, mediaNotFound } from "~/utils/media-file.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  // The API checks the name too; this keeps junk from costing an API call.
  if (!AD_IMAGE_FILE.test(file)) return mediaNotFound();
  return forwardMediaFile(await fetchAdImage(createApiClient({ request, context }), file));
}
