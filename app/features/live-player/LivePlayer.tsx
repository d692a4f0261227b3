/**
 * Placeholder from the live foundation: the livemedia part replaces it with the player (native HLS <video> without
 * JavaScript, a playlist link where it cannot play, WHEP or hls.js with JavaScript).
 */
export interface LivePlayerProps {
  hls: string;
  whep: string | null;
  title: string;
}

export function LivePlayer({ hls, title }: LivePlayerProps) {
  return <video src={hls} controls autoPlay muted playsInline aria-label={title} />;
}
