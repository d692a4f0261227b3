/**
 * The image contract both tiers share (ADR 018) and the <picture> markup the
 * web tier renders from it: variant widths, URLs, srcset, the JPEG fallback,
 * lazy loading below the fold and priority for the first screen.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  mediaFallbackUrl,
  mediaSrcSet,
  mediaVariantUrl,
  parseVariantName,
  variantWidthsFor,
  type MediaImage,
} from "#server/contract/media";
import { Picture } from "~/components/Picture";

const image: MediaImage = { path: "/media/0123456789abcdef0123456789abcdef", width: 3000, height: 4000, widths: [160, 320, 640, 1080] };

describe("variant widths and names", () => {
  it("stores the standard widths below a photo's own width, then its own, never wider than 1080", () => {
    expect(variantWidthsFor(4000)).toEqual([160, 320, 640, 1080]);
    expect(variantWidthsFor(1080)).toEqual([160, 320, 640, 1080]);
    expect(variantWidthsFor(600)).toEqual([160, 320, 600]);
    expect(variantWidthsFor(320)).toEqual([160, 320]);
    expect(variantWidthsFor(200)).toEqual([160, 200]);
  });

  it("parses only the variant names it serves", () => {
    expect(parseVariantName("320.webp")).toEqual({ width: 320, format: "webp" });
    expect(parseVariantName("160.jpg")).toEqual({ width: 160, format: "jpeg" });
    expect(parseVariantName("1080.avif")).toEqual({ width: 1080, format: "avif" });
    expect(parseVariantName("original")).toBe("original");
    for (const bad of ["320.jpeg", "320.png", "0320.jpg", "x.jpg", "320", "../320.jpg", "320.jpg/", "9999999.jpg", ""]) {
      expect(parseVariantName(bad), bad).toBeNull();
    }
  });
});

describe("variant URLs", () => {
  it("builds one immutable URL per width and format, and srcsets with w descriptors", () => {
    expect(mediaVariantUrl(image, 320, "avif")).toBe(`${image.path}/320.avif`);
    expect(mediaSrcSet(image, "webp")).toBe(
      `${image.path}/160.webp 160w, ${image.path}/320.webp 320w, ${image.path}/640.webp 640w, ${image.path}/1080.webp 1080w`,
    );
  });

  it("falls back to the JPEG at the smallest width of at least 640, the largest if none, the original without variants", () => {
    expect(mediaFallbackUrl(image)).toBe(`${image.path}/640.jpg`);
    expect(mediaFallbackUrl(image, 1000)).toBe(`${image.path}/1080.jpg`);
    expect(mediaFallbackUrl({ ...image, widths: [160, 300] })).toBe(`${image.path}/300.jpg`);
    expect(mediaFallbackUrl({ ...image, widths: [] })).toBe(`${image.path}/original`);
  });

  it("carries a grant on every URL of a granted image", () => {
    const granted = { ...image, grant: "g=123.abc" };
    expect(mediaVariantUrl(granted, 160, "jpeg")).toBe(`${image.path}/160.jpg?g=123.abc`);
    expect(mediaSrcSet(granted, "avif").split(", ")[0]).toBe(`${image.path}/160.avif?g=123.abc 160w`);
  });
});

describe("<Picture>", () => {
  it("offers AVIF, then WebP, then a JPEG <img> with srcset and sizes, lazy by default", () => {
    const html = renderToStaticMarkup(<Picture image={image} alt="Lena" sizes="96px" width={96} height={96} />);
    const avif = html.indexOf('type="image/avif"');
    const webp = html.indexOf('type="image/webp"');
    expect(avif).toBeGreaterThan(-1);
    expect(webp).toBeGreaterThan(avif);
    expect(html.indexOf("<img")).toBeGreaterThan(webp);
    expect(html.toLowerCase()).toContain(`srcset="${mediaSrcSet(image, "avif")}"`);
    expect(html).toMatch(/<img[^>]+loading="lazy"/);
    expect(html).toMatch(/<img[^>]+src="\/media\/[0-9a-f]{32}\/640\.jpg"/);
    expect(html).toMatch(/<img[^>]+srcSet="[^"]+\/160\.jpg 160w/i);
    expect(html).toMatch(/<img[^>]+sizes="96px"/);
    expect(html).toMatch(/<img[^>]+width="96" height="96"/);
    expect(html).not.toContain("fetchpriority");
  });

  it("loads a first-screen image eagerly with high priority", () => {
    const html = renderToStaticMarkup(<Picture image={image} alt="" sizes="160px" width={160} height={213} priority />);
    expect(html).toMatch(/<img[^>]+loading="eager"/);
    expect(html).toMatch(/<img[^>]+fetchpriority="high"/i);
  });

  it("renders a photo stored before variants as one plain <img> of its original", () => {
    const html = renderToStaticMarkup(<Picture image={{ ...image, widths: [] }} alt="" sizes="96px" width={96} height={96} />);
    expect(html).not.toContain("<source");
    expect(html).toContain(`src="${image.path}/original"`);
    expect(html).not.toMatch(/srcset/i);
  });
});
