/**
 * Placeholder added by the streams part (livecore): livemedia replaces it with the browser publisher (camera preview
 * and WHIP publish with JavaScript). Without JavaScript a browser cannot publish; the page says so and names OBS.
 */
export interface LivePublisherProps {
  streamId: number;
  ingest: "browser" | "rtmp";
}

export function LivePublisher(_props: LivePublisherProps) {
  return null;
}
