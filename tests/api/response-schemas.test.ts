/**
 * The declared success bodies (server/contract/responses.ts) and their generated JSON schemas: the committed
 * schemas are what the generator makes of today's types, every name a route declares has one, and the OpenAPI
 * document describes those routes' success bodies with them.
 */
import { describe, expect, it } from "vitest";
import committed from "#server/contract/generated/response-schemas.json";
import { createTestRuntime } from "../helpers/runtime";
import { generateResponseSchemas } from "../../scripts/contract-schemas.mjs";

/**
 * Routes whose success body is not declared: only answers that are no JSON (files, streams). The list only shrinks:
 * a new route declares its response.
 */
const UNDECLARED: string[] = [
  // WHEP and WHIP sessions of a live stream end with an empty answer (ADR 125).
  "delete /api/v2/live-media/:id/:token/whep/:resource",
  "delete /api/v2/live-media/:id/:token/whip/:resource",
  // An image creative's bytes (PNG, JPEG or WebP, ADR 140).
  "get /api/v2/ads/images/:file",
  "get /api/v2/ads/seen/:id",
  // A SEPA file's XML for the back office to upload to the bank (a file download, ADR 079).
  "get /api/v2/backoffice/bank/files/:id",
  // A payout batch's pain.001 XML (a file download, ADR 086).
  "get /api/v2/backoffice/payouts/batches/:id/file",
  // A bundle's blurred cover (a JPEG, ADR 092).
  "get /api/v2/bundles/:id/preview",
  // HLS of a live stream: the viewer's playlist and the stream's MPEG-TS segments (ADR 125).
  "get /api/v2/live-media/:id/:token/index.m3u8",
  "get /api/v2/live-media/:id/s/:token/:name",
  // A live recording's MP4 bytes, served in ranges (ADR 130).
  "get /api/v2/live/recordings/:id/recording.mp4",
  // A media file's bytes (a file, ADR 041: streams answer no JSON).
  "get /api/v2/media/:key/:variant",
  // A message photo's bytes (a file, ADR 043).
  "get /api/v2/messenger/photos/:key/:variant",
  // The cash-to-code stand-in's voucher page (HTML: the provider's own page, as the fake card provider's, ADR 079).
  "get /api/v2/payment/cash-to-code/voucher/:token",
  // An invoice's PDF or e-invoice XML (a file download, ADR 077).
  "get /api/v2/payment/invoices/:id/download",
  // The data export's ZIP archive (a file download).
  "get /api/v2/user/data-export/:id/file",
  // A verification check's photo (a JPEG for staff only, ADR 107).
  "get /api/v2/verification/files/:id/:side",
  // The member's dollar history as CSV (a file download, ADR 081).
  "get /api/v2/wallets/history.csv",
  // The activity tracker's batches: 204 without a body, the counts in headers (ADR 132).
  "post /api/v2/activity/events",
  // WHEP and WHIP: an SDP offer in, an SDP answer out (ADR 125).
  "post /api/v2/live-media/:id/:token/whep",
  "post /api/v2/live-media/:id/:token/whip",
  // The voucher page's buttons (answer with a redirect to the shop, as a provider's page does).
  "post /api/v2/payment/cash-to-code/voucher/:token",
];

describe("declared response bodies", () => {
  it("the committed schemas are fresh (npm run contract:schemas)", () => {
    expect(JSON.parse(generateResponseSchemas() as string)).toEqual(committed);
  }, 180_000);

  it("new routes declare their response; the undeclared list only shrinks", async () => {
    const rt = await createTestRuntime();
    try {
      const undeclared = rt.api.routes
        .filter((r) => !r.spec.response)
        .map((r) => `${r.spec.method} ${r.fullPath}`)
        .sort();
      expect(undeclared).toEqual(UNDECLARED);
    } finally {
      await rt.close();
    }
  });

  it("every declared response has a schema, and the OpenAPI document uses it", async () => {
    const rt = await createTestRuntime();
    try {
      const doc = (await (await rt.request("/api/v2/openapi.json")).json()) as {
        paths: Record<
          string,
          Record<string, { responses: Record<string, { content?: Record<string, { schema: { properties?: { data: unknown } } }> }> }>
        >;
      };
      const declared = rt.api.routes.filter((r) => r.spec.response);
      expect(declared.length).toBeGreaterThan(0);
      for (const { fullPath, spec } of declared) {
        const name = spec.response!;
        expect(Object.keys(committed.bodies), name).toContain(name);
        const op = doc.paths[fullPath.replace(/:([A-Za-z_]+)/g, "{$1}")]![spec.method]!;
        const success = Object.entries(op.responses).find(([status]) => Number(status) < 300)![1];
        // In the envelope's data, or the whole body for a route without the envelope (the OAuth token answer).
        const schema = success.content?.["application/json"]?.schema;
        expect(spec.envelope === false ? schema : schema?.properties?.data, `${spec.method} ${fullPath}`).toEqual(
          (committed.bodies as Record<string, unknown>)[name],
        );
      }
    } finally {
      await rt.close();
    }
  });
});
