/** /about/transparency/{period}.json and .csv (ADR 114): the published report's machine-readable downloads. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadTransparencyDownload } from "~/features/transparency/transparency.server";

export const loader = (args: LoaderFunctionArgs) => loadTransparencyDownload(args);
