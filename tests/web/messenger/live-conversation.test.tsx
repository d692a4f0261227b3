// @vitest-environment jsdom
/**
 * The live conversation's event handling (issue 12; ADR 052; app/features/messenger/live/LiveConversation.tsx),
 * rendered in jsdom with its real store, provider and socket client. Only what is outside the product is faked:
 * the browser's WebSocket (a fake the test speaks the server's frames through) and the page's own …/live
 * endpoints (msw, answering from a small message history that stands for the database).
 *
 * - a message event that continues the cursor shows at once, without a request;
 * - one behind a gap makes exactly one resync of this conversation, after which every message shows once, in order;
 * - our own send's event replaces the optimistic copy (same client key), and the send's answer adds nothing;
 * - an event of another conversation changes nothing here;
 * - the read mark names the last message shown and never goes backwards.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Message } from "#server/contract/messenger";
import type { RealtimeEvent } from "#server/contract/realtime";
import { LiveConversation, LiveMessageList, useLiveSender } from "~/features/messenger/live/LiveConversation";
import type { LiveResync, LiveSendAnswer, LiveWireMessage } from "~/features/messenger/live/wire";
import { serverI18n } from "~/i18n/i18next.server";
import { FakeSocket } from "../../helpers/fake-socket";
import { listenWithMsw, server } from "../../msw/server";

const HERE = "/en/messenger/ben";
const VIEWER = 1;
const BEN = 2;
const THREAD = 7;

function wire(id: number, extra: Partial<LiveWireMessage> = {}): LiveWireMessage {
  return {
    id,
    threadId: THREAD,
    mine: false,
    body: `m${id}`,
    actionType: 0,
    photos: [],
    createdAt: 1_000 + id,
    read: false,
    clientKey: null,
    boosted: false,
    ...extra,
  };
}

/** The event's copy is the API's (snake case), as the socket carries it. */
function onTheWire(m: LiveWireMessage): Message {
  return {
    id: m.id,
    thread_id: m.threadId,
    mine: m.mine,
    body: m.body,
    action_type: m.actionType,
    photos: [],
    created_at: m.createdAt,
    read: m.read,
    client_key: m.clientKey,
    boosted: m.boosted,
  };
}

function messageEvent(m: LiveWireMessage, prevId: number): RealtimeEvent {
  return { type: "message", prev_id: prevId, message: onTheWire(m) };
}

/** A promise the test resolves when it wants an answer to go out. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** What the …/live endpoints saw, and the conversation they answer from. */
interface Endpoints {
  history: LiveWireMessage[];
  /** `after` of every resync GET, in order. */
  resyncs: number[];
  /** `up_to` of every read mark, in order. */
  reads: number[];
  /** Client keys of the sends. */
  sends: string[];
  /** Held answers: a read mark or a send waits for its gate when one is set. */
  holdRead: ReturnType<typeof gate> | null;
  holdSend: ReturnType<typeof gate> | null;
}

let api: Endpoints;

function serve() {
  server.use(
    http.get(`${HERE}/live`, ({ request }) => {
      const after = Number(new URL(request.url).searchParams.get("after"));
      api.resyncs.push(after);
      const page: LiveResync = { messages: api.history.filter((m) => m.id > after), more: false };
      return HttpResponse.json(page);
    }),
    http.post(`${HERE}/live`, async ({ request }) => {
      const query = new URL(request.url).searchParams;
      if (query.has("read")) {
        expect(query.get("read")).toBe(String(THREAD));
        api.reads.push(Number(query.get("up_to")));
        await api.holdRead?.opened;
        return HttpResponse.json({ ok: true });
      }
      const key = query.get("key")!;
      api.sends.push(key);
      await api.holdSend?.opened;
      const stored = api.history.find((m) => m.clientKey === key)!;
      const answer: LiveSendAnswer = { ok: true, message: stored };
      return HttpResponse.json(answer);
    }),
  );
}

/** The page's part that shows the store: stored messages by id, pending sends by status; and a send button. */
function Shown() {
  const sending = useLiveSender(HERE, "ben", VIEWER, BEN);
  return (
    <>
      <ol>
        <LiveMessageList
          thread="ben"
          renderStored={(m) => (
            <li key={m.id} data-testid="message" data-id={m.id}>
              {m.body}
            </li>
          )}
          sending={sending}
        />
      </ol>
      <button type="button" disabled={!sending} onClick={() => sending?.sender.send("hello", [])}>
        send
      </button>
    </>
  );
}

function mount(initial: LiveWireMessage[]) {
  const page = (
    <LiveConversation
      here={HERE}
      viewerId={VIEWER}
      partner={{ userId: BEN, username: "ben", onlineStatus: 0 }}
      threadId={THREAD}
      messages={initial}
      live
    >
      <Shown />
    </LiveConversation>
  );
  const router = createMemoryRouter([{ path: "/", element: page }]);
  render(
    <I18nextProvider i18n={serverI18n("en")}>
      <RouterProvider router={router} future={{ v7_startTransition: true }} />
    </I18nextProvider>,
  );
}

/** What the list shows, top to bottom: stored messages by id, pending sends as "pending". */
function shown(): string[] {
  return screen.queryAllByTestId("message").map((li) => li.dataset.id ?? `pending:${li.dataset.status}`);
}

/** Lets answers in flight arrive (msw answers on later ticks), inside act so React renders what they changed. */
async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

/** The server accepts the socket: hello, then the client's own resync after connect. */
async function connect() {
  await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
  act(() => FakeSocket.latest().accept(VIEWER));
  await settle();
}

/** One event from the server; React renders what it changed before this returns. */
function deliver(event: RealtimeEvent) {
  act(() => FakeSocket.latest().frame({ type: "event", event }));
}

listenWithMsw();

// The chunks the page fetches once hydrated and connected (ADR 162, 168, 174): vitest compiles a module on its first
// import, which on a loaded machine can outlast a waitFor; a browser fetches them built.
beforeAll(() =>
  Promise.all([
    import("~/features/realtime/connection"),
    import("~/features/messenger/live/conversation-events"),
    import("~/features/messenger/live/live-send"),
  ]),
);

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal("WebSocket", FakeSocket);
  api = { history: [wire(101), wire(102)], resyncs: [], reads: [], sends: [], holdRead: null, holdSend: null };
  serve();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("LiveConversation: message events (ADR 052)", () => {
  it("shows an event that continues the cursor at once, without asking the API", async () => {
    mount(api.history);
    await connect();
    expect(api.resyncs).toEqual([102]);
    expect(shown()).toEqual(["101", "102"]);

    api.history.push(wire(103));
    deliver(messageEvent(wire(103), 102));
    expect(shown()).toEqual(["101", "102", "103"]);

    await settle();
    expect(api.resyncs).toEqual([102]);
  });

  it("resyncs this conversation once for an event behind a gap; afterwards every message shows once, in order", async () => {
    mount(api.history);
    await connect();

    // 103 and 104 were committed while their events got lost; 105 arrives naming 104 as its predecessor.
    api.history.push(wire(103), wire(104), wire(105));
    deliver(messageEvent(wire(105), 104));
    // Not appended past the gap: the list waits for the resync.
    expect(shown()).toEqual(["101", "102"]);

    await waitFor(() => expect(shown()).toEqual(["101", "102", "103", "104", "105"]));
    await settle();
    // One resync after the hello's, from this conversation's cursor.
    expect(api.resyncs).toEqual([102, 102]);

    // A late copy of an event the resync brought changes nothing; the next one continues the moved cursor.
    deliver(messageEvent(wire(104), 103));
    api.history.push(wire(106));
    deliver(messageEvent(wire(106), 105));
    expect(shown()).toEqual(["101", "102", "103", "104", "105", "106"]);
    await settle();
    expect(api.resyncs).toEqual([102, 102]);
  });

  it("replaces the optimistic copy of our own send with its event (same client key), and the answer adds nothing", async () => {
    mount(api.history);
    await connect();
    api.holdSend = gate();

    await waitFor(() => expect(screen.getByRole("button", { name: "send" })).toHaveProperty("disabled", false));
    fireEvent.click(screen.getByRole("button", { name: "send" }));
    expect(shown()).toEqual(["101", "102", "pending:sending"]);
    await waitFor(() => expect(api.sends).toHaveLength(1));

    // The server stored the send; its event is here before the send's answer.
    const stored = wire(103, { mine: true, body: "hello", clientKey: api.sends[0]! });
    api.history.push(stored);
    deliver(messageEvent(stored, 102));
    expect(shown()).toEqual(["101", "102", "103"]);
    expect(screen.getAllByText("hello")).toHaveLength(1);

    act(() => api.holdSend!.open());
    await settle();
    expect(shown()).toEqual(["101", "102", "103"]);
    expect(screen.getAllByText("hello")).toHaveLength(1);
    // Our own message is no reason for a read mark, nor for a resync.
    expect(api.reads).toEqual([]);
    expect(api.resyncs).toEqual([102]);
  });

  it("keeps our own message once when the send's answer comes before its event", async () => {
    mount(api.history);
    await connect();
    api.holdSend = gate();
    await waitFor(() => expect(screen.getByRole("button", { name: "send" })).toHaveProperty("disabled", false));
    fireEvent.click(screen.getByRole("button", { name: "send" }));
    await waitFor(() => expect(api.sends).toHaveLength(1));

    const stored = wire(103, { mine: true, body: "hello", clientKey: api.sends[0]! });
    api.history.push(stored);
    act(() => api.holdSend!.open());
    await waitFor(() => expect(shown()).toEqual(["101", "102", "103"]));

    deliver(messageEvent(stored, 102));
    expect(shown()).toEqual(["101", "102", "103"]);
    await settle();
    expect(shown()).toEqual(["101", "102", "103"]);
    expect(api.resyncs).toEqual([102]);
  });

  it("ignores a message event of another conversation", async () => {
    mount(api.history);
    await connect();
    const reads = api.reads.length;

    // Another thread's message whose predecessor happens to have this conversation's cursor as its id.
    deliver(messageEvent(wire(103, { threadId: THREAD + 1, body: "elsewhere" }), 102));
    expect(shown()).toEqual(["101", "102"]);
    expect(screen.queryByText("elsewhere")).toBeNull();

    await settle();
    expect(shown()).toEqual(["101", "102"]);
    expect(api.resyncs).toEqual([102]);
    expect(api.reads).toHaveLength(reads);
  });

  it("marks read up to the last message shown, never backwards", async () => {
    mount(api.history);
    await connect();
    expect(api.reads).toEqual([]);

    // A burst while the first mark is still on its way: the marks go out one at a time, the latest last.
    api.holdRead = gate();
    for (const id of [103, 104, 105]) {
      api.history.push(wire(id));
      deliver(messageEvent(wire(id), id - 1));
    }
    await waitFor(() => expect(api.reads).toEqual([103]));
    act(() => api.holdRead!.open());
    await waitFor(() => expect(api.reads).toEqual([103, 105]));

    // A repeated event of a message already shown marks nothing.
    deliver(messageEvent(wire(104), 103));
    await settle();

    expect(shown()).toEqual(["101", "102", "103", "104", "105"]);
    expect(api.reads).toEqual([103, 105]);
    expect(api.reads.at(-1)).toBe(Number(shown().at(-1)));
  });
});
