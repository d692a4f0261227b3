/** Test images: deterministic noise (compresses badly, so small sizes still pass the 50,000-byte minimum). */
import sharp from "sharp";
import { createRandom } from "#server/db/seed/random";

export function noise(width: number, height: number, seed = "noise"): Buffer {
  const rng = createRandom(seed);
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(rng.next() * 256);
  return pixels;
}

export async function jpeg(
  width: number,
  height: number,
  options: { quality?: number; gps?: boolean; orientation?: number } = {},
): Promise<Buffer> {
  let image = sharp(noise(width, height, `${width}x${height}`), { raw: { width, height, channels: 3 } }).jpeg({
    quality: options.quality ?? 95,
  });
  if (options.gps || options.orientation) {
    image = image.withMetadata({
      ...(options.orientation ? { orientation: options.orientation } : {}),
      ...(options.gps
        ? {
            exif: {
              IFD0: { Make: "VeloraCam", Copyright: "secret-owner" },
              IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 31/1 1234/100", GPSLongitudeRef: "E", GPSLongitude: "13/1 24/1 0/1" },
            },
          }
        : {}),
    });
  }
  return await image.toBuffer();
}

/**
 * A "decompression bomb": a real, small JPEG whose frame header (SOF0) claims
 * `width` × `height` pixels. Decoding it would allocate for the claimed size.
 */
export async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const data = Buffer.from(await jpeg(300, 300));
  for (let i = 2; i < data.length - 9; i++) {
    if (data[i] === 0xff && (data[i + 1] === 0xc0 || data[i + 1] === 0xc2)) {
      data.writeUInt16BE(height, i + 5);
      data.writeUInt16BE(width, i + 7);
      return data;
    }
  }
  throw new Error("no frame header");
}

/** A multipart body as a stream that counts what the server pulled from it. */
export function countingMultipart(parts: Array<{ name: string; filename?: string; type?: string; size?: number; data?: Buffer }>) {
  const boundary = `----velora${Math.random().toString(16).slice(2)}`;
  const chunks: Array<Buffer | { fill: number }> = [];
  for (const part of parts) {
    const disposition = part.filename ? `form-data; name="${part.name}"; filename="${part.filename}"` : `form-data; name="${part.name}"`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`),
    );
    chunks.push(part.data ?? { fill: part.size ?? 0 });
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const state = { pulled: 0 };
  const CHUNK = 64 * 1024;
  let index = 0;
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const current = chunks[index];
      if (!current) {
        controller.close();
        return;
      }
      let out: Buffer;
      if (Buffer.isBuffer(current)) {
        out = current.subarray(offset, offset + CHUNK);
        offset += out.length;
        if (offset >= current.length) {
          index += 1;
          offset = 0;
        }
      } else {
        const n = Math.min(CHUNK, current.fill - offset);
        out = Buffer.alloc(n, 0x41);
        offset += n;
        if (offset >= current.fill) {
          index += 1;
          offset = 0;
        }
      }
      state.pulled += out.length;
      controller.enqueue(new Uint8Array(out));
    },
  });
  return { body, contentType: `multipart/form-data; boundary=${boundary}`, state };
}
