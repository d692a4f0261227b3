/**
 * ADR 053: a streamed page's body gathers React's small writes per turn of the event loop, so the shell leaves as
 * one chunk, while what is written in a later turn still streams as a chunk of its own.
 */
import { describe, expect, it } from "vitest";
import { coalescedBody } from "~/utils/coalesced-body.server";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (chunk: Uint8Array) => new TextDecoder().decode(chunk);
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("coalescedBody", () => {
  it("one turn's writes are one chunk; a later turn's writes another; end closes the stream", async () => {
    const { sink, stream } = coalescedBody();
    const reader = stream.getReader();
    sink.write(bytes("<html>"));
    sink.write(bytes("<body>"));
    sink.write("shell");
    expect(text((await reader.read()).value!)).toBe("<html><body>shell");
    await nextTurn();
    sink.write(bytes("<script>late</script>"));
    sink.end(bytes("</body></html>"));
    expect(text((await reader.read()).value!)).toBe("<script>late</script></body></html>");
    expect((await reader.read()).done).toBe(true);
  });

  it("the sink finishes once everything is written, without a close React would take for a client gone", async () => {
    const { sink, stream } = coalescedBody();
    let closed = false;
    sink.once("close", () => (closed = true));
    const finished = new Promise((resolve) => sink.once("finish", resolve));
    sink.end(bytes("all"));
    await finished;
    expect(await new Response(stream).text()).toBe("all");
    await nextTurn();
    expect(closed).toBe(false);
  });

  it("a render error errors the body", async () => {
    const { sink, stream } = coalescedBody();
    const reader = stream.getReader();
    sink.on("error", () => {}); // React's pipe listens too
    sink.write(bytes("part"));
    sink.destroy(new Error("render failed"));
    await expect(reader.read()).rejects.toThrow("render failed");
  });

  it("a body cancelled by the client (gone) closes the sink React pipes into", async () => {
    const { sink, stream } = coalescedBody();
    const closed = new Promise((resolve) => sink.once("close", resolve));
    sink.write(bytes("part"));
    await stream.cancel("client went away");
    await closed;
    expect(sink.destroyed).toBe(true);
  });

  it("a sink ended early without an error still delivers what was written", async () => {
    const { sink, stream } = coalescedBody();
    sink.write(bytes("written"));
    sink.destroy();
    expect(await new Response(stream).text()).toBe("written");
  });
});
