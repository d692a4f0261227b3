// @vitest-environment jsdom
/**
 * The thread list with JavaScript (issue 12; app/features/messenger/live/LiveThreads.tsx), rendered in jsdom under
 * a real router whose loader counts the page's data loads: a burst of message, read and thread events reloads the
 * data once; other events do not; the first connect does not (the page was just loaded), a reconnect does (hints
 * may have been missed while away); the partners are watched for presence. The browser's WebSocket is a fake.
 */
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RealtimeEvent } from "#server/contract/realtime";
import { LiveThreads } from "~/features/messenger/live/LiveThreads";
import { FakeSocket } from "../../helpers/fake-socket";

const VIEWER = 1;
let loads = 0;

function mount() {
  const router = createMemoryRouter([
    {
      path: "/",
      loader: () => {
        loads += 1;
        return null;
      },
      element: (
        <LiveThreads viewerId={VIEWER} members={[2, 3]}>
          <p>threads</p>
        </LiveThreads>
      ),
    },
  ]);
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />);
}

/** Longer than the list's burst window (250 ms), inside act so React renders what changed. */
async function pause(ms = 400) {
  await act(() => new Promise((resolve) => setTimeout(resolve, ms)));
}

async function connect() {
  await screen.findByText("threads");
  await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
  act(() => FakeSocket.latest().accept(VIEWER));
  await pause();
}

function deliver(event: RealtimeEvent) {
  act(() => FakeSocket.latest().frame({ type: "event", event }));
}

beforeEach(() => {
  FakeSocket.all = [];
  loads = 0;
  vi.stubGlobal("WebSocket", FakeSocket);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("LiveThreads", () => {
  it("reloads the list for a message, a read and a thread change, once per burst; not on the first connect", async () => {
    mount();
    await connect();
    expect(loads).toBe(1);
    expect(FakeSocket.latest().sent).toContainEqual({ type: "watch", members: [2, 3] });

    const message: RealtimeEvent = {
      type: "message",
      prev_id: 0,
      message: {
        id: 9,
        thread_id: 4,
        mine: false,
        body: "hi",
        action_type: 0,
        photos: [],
        created_at: 1,
        read: false,
        client_key: null,
        boosted: false,
      },
    };
    const read: RealtimeEvent = { type: "thread_read", thread_id: 4, reader_id: 2, last_read_id: 9 };
    const changed: RealtimeEvent = { type: "thread_changed", thread_id: 5 };
    // Each kind alone reloads.
    for (const event of [message, read, changed]) {
      const before = loads;
      deliver(event);
      await pause();
      expect(loads).toBe(before + 1);
    }
    // All three in a burst: one reload.
    deliver(message);
    deliver(read);
    deliver(changed);
    await pause();
    expect(loads).toBe(5);

    // Events that say nothing about the list.
    deliver({ type: "ping", at: 1 });
    deliver({ type: "typing", from: 2, from_username: "ben", thread: 4 });
    await pause();
    expect(loads).toBe(5);
  });

  it("reloads the list after a reconnect", async () => {
    mount();
    await connect();
    expect(loads).toBe(1);

    act(() => FakeSocket.latest().drop());
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2), { timeout: 2_000 });
    act(() => FakeSocket.latest().accept(VIEWER));
    await pause();
    expect(loads).toBe(2);
  });
});
