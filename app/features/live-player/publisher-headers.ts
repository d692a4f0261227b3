/**
 * The go-live page's Permissions-Policy (ADR 125). Every other page forbids the camera and microphone
 * (server/security/headers.ts); the page that renders <LivePublisher> sends this stricter-than-nothing header from its
 * route's `headers` export instead (the host keeps a header a route chose), so only that page may ask for them.
 */
export const PUBLISHER_PERMISSIONS_POLICY = "camera=(self), microphone=(self), geolocation=(self), payment=(), usb=(), browsing-topics=()";

/** Spread into the go-live route's headers: `headers = () => ({ ...PRIVATE_HEADERS, ...publisherHeaders() })`. */
export function publisherHeaders(): Record<string, string> {
  return { "Permissions-Policy": PUBLISHER_PERMISSIONS_POLICY };
}
