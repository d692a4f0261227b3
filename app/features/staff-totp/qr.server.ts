/**
 * The otpauth:// URI as a QR code the page shows without any script (ADR 117): an SVG drawn on the server by the
 * `qrcode` package, as a data URI (the CSP allows data: images). Error correction M, as authenticator apps read it.
 */
import QRCode from "qrcode";

export async function qrCodeDataUri(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
