/**
 * The upload-only token (ADR 029): the gallery page's script gets it instead of the session. It opens
 * the chunked upload endpoints for its own member and nothing else, expires after 30 minutes, cannot
 * be forged or moved to another member, and dies with a ban.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_TOKEN_TTL_MS, type UploadToken } from "#server/contract/media-chunked";
import { freshIp } from "../../helpers/auth";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

describe(`upload-only token (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  async function member() {
    const { id, token: session } = await signIn(rt, await createUser(rt, { userType: 2 }), freshIp());
    const response = await rt.request("/api/v2/media/upload/token", { method: "POST", token: session });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: UploadToken };
    return { id, session, upload: data };
  }

  const uploadId = () => `t${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`.padEnd(20, "x");

  /** Sends piece 0 of a one-piece upload with the token as ?jwt=. */
  async function sendPiece(jwt: string, id = uploadId()) {
    const form = new FormData();
    form.append("action", "upload");
    form.append("upload_id", id);
    form.append("meta", JSON.stringify({ chunkIndex: 0, chunkRange: "0-999", chunkSize: 1000, totalSize: 1000, mimeType: "image/jpeg" }));
    form.append("chunk", new Blob([new Uint8Array(1000)]), "piece");
    return await rt.request(`/api/v2/media/upload/chunked?jwt=${encodeURIComponent(jwt)}`, { method: "POST", body: form });
  }

  it("is minted only for a signed-in member and expires in 30 minutes", async () => {
    expect((await rt.request("/api/v2/media/upload/token", { method: "POST" })).status).toBe(401);
    const { upload } = await member();
    expect(upload.token).toMatch(/^mu1\./);
    expect(upload.expires_at).toBe(rt.clock.now() + UPLOAD_TOKEN_TTL_MS);
  });

  it("opens the chunked upload endpoints for its member", async () => {
    const { upload } = await member();
    const id = uploadId();
    expect((await sendPiece(upload.token, id)).status).toBe(200);
    const state = await rt.request(`/api/v2/media/upload/chunked/${id}?jwt=${encodeURIComponent(upload.token)}`);
    expect(state.status).toBe(200);
    expect(((await state.json()) as { data: { received: number[] } }).data.received).toEqual([0]);
  });

  it("opens no other endpoint, neither as bearer nor as ?jwt=, and cannot mint itself a successor", async () => {
    const { upload, session } = await member();
    for (const [method, path] of [
      ["GET", "/api/v2/media/gallery"],
      ["GET", "/api/v2/media/my"],
      ["POST", "/api/v2/media/upload"],
      ["POST", "/api/v2/media/upload/token"],
      ["PUT", "/api/v2/media/watermark"],
    ] as const) {
      expect((await rt.request(path, { method, token: upload.token })).status, `${method} ${path} bearer`).toBe(401);
      const viaQuery = await rt.request(`${path}?jwt=${encodeURIComponent(upload.token)}`, { method });
      expect(viaQuery.status, `${method} ${path} ?jwt=`).toBe(401);
    }
    // The session itself still works: the check above is about the token, not the member.
    expect((await rt.request("/api/v2/media/gallery", { token: session })).status).toBe(200);
  });

  it("is bound to its member: another member's upload stays unreachable, a changed user id breaks the signature", async () => {
    const first = await member();
    const second = await member();
    const id = uploadId();
    expect((await sendPiece(first.upload.token, id)).status).toBe(200);
    expect((await rt.request(`/api/v2/media/upload/chunked/${id}?jwt=${encodeURIComponent(second.upload.token)}`)).status).toBe(404);
    const [, , expiry, signature] = first.upload.token.split(".");
    const forged = `mu1.${second.id}.${expiry}.${signature}`;
    expect((await sendPiece(forged)).status).toBe(401);
    const stretched = `mu1.${first.id}.${Number(expiry) + UPLOAD_TOKEN_TTL_MS}.${signature}`;
    expect((await sendPiece(stretched)).status).toBe(401);
    expect((await sendPiece("mu1.garbage")).status).toBe(401);
  });

  it("expires, and a ban ends it at once", async () => {
    const expiring = await member();
    rt.clock.advance(UPLOAD_TOKEN_TTL_MS - 1000);
    expect((await sendPiece(expiring.upload.token)).status).toBe(200);
    rt.clock.advance(1000);
    expect((await sendPiece(expiring.upload.token)).status).toBe(401);

    const banned = await member();
    expect((await sendPiece(banned.upload.token)).status).toBe(200);
    await rt.deps.db.updateTable("users").set({ status: "banned" }).where("id", "=", banned.id).execute();
    expect((await sendPiece(banned.upload.token)).status).toBe(401);
  });
});
