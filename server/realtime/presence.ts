/**
 * Live presence (issue 12 item 6; ADR 042): who is online, chatting or away, across every app instance.
 *
 * Each instance knows its own sockets (the hub reports opens, closes, heartbeats and typing) and announces
 * a member's state on the bus whenever it changes, plus its whole list every PRESENCE_HEARTBEAT_MS. Other
 * instances keep those announcements for three heartbeats: an instance that died silently fades out.
 * Nothing is stored; a restart forgets everything and the sockets that reconnect rebuild it.
 *
 * The messenger reads `status(viewer, member)` for thread lists; the hub pushes changes to the sockets
 * watching a member. Invisible members (invisible browsing while plus runs) look offline to everyone but
 * themselves.
 */
import { CHATTING_MS, ONLINE_STATUS, PRESENCE_HEARTBEAT_MS, type OnlineStatus, type PresenceState } from "../contract/realtime";
import type { Clock } from "../lib/clock";
import type { Bus } from "./bus";

/** Another instance's announcement counts for this many heartbeats without a newer one. */
const REMOTE_TTL_HEARTBEATS = 3;
/** How often local states are re-derived (chatting fades), and stale remote entries dropped. */
const TICK_MS = 5_000;

export interface PresenceService {
  /** The member's status as `viewerId` may see it (null: a visitor). */
  status(viewerId: number | null, memberId: number): OnlineStatus;
  statuses(viewerId: number | null, memberIds: readonly number[]): Map<number, OnlineStatus>;
  /** Called with a member id whenever that member's combined state may have changed. Returns the unsubscribe. */
  onChange(listener: (memberId: number) => void): () => void;

  // The hub's side: this instance's sockets.
  socketOpened(memberId: number, socket: object, invisible: boolean): void;
  socketClosed(memberId: number, socket: object): void;
  heartbeat(memberId: number, socket: object, state: "active" | "away"): void;
  typed(memberId: number): void;
  close(): void;
}

interface LocalMember {
  sockets: Map<object, "active" | "away">;
  invisible: boolean;
  typedAt: number | null;
  /** What was last announced on the bus. */
  announced: PresenceState;
}

interface RemoteEntry {
  state: PresenceState;
  invisible: boolean;
  at: number;
}

const RANK: Record<PresenceState, number> = { offline: 0, away: 1, online: 2, chatting: 3 };

export function createPresence(deps: {
  bus: Bus;
  clock: Clock;
  instanceId: string;
  /** Tests shorten these. */
  tickMs?: number;
  heartbeatMs?: number;
}): PresenceService {
  const { bus, clock, instanceId } = deps;
  const heartbeatMs = deps.heartbeatMs ?? PRESENCE_HEARTBEAT_MS;
  const remoteTtlMs = REMOTE_TTL_HEARTBEATS * heartbeatMs;
  const local = new Map<number, LocalMember>();
  const remote = new Map<number, Map<string, RemoteEntry>>();
  const listeners = new Set<(memberId: number) => void>();

  const notify = (memberId: number) => {
    for (const listener of listeners) {
      try {
        listener(memberId);
      } catch {
        // A listener's failure is its own.
      }
    }
  };

  function localState(member: LocalMember | undefined): PresenceState {
    if (!member || member.sockets.size === 0) return "offline";
    if (member.typedAt !== null && clock.now() - member.typedAt < CHATTING_MS) return "chatting";
    for (const state of member.sockets.values()) if (state === "active") return "online";
    return "away";
  }

  /** Re-derives a local member's state; announces and notifies when it changed. */
  function refresh(memberId: number) {
    const member = local.get(memberId);
    if (!member) return;
    const state = localState(member);
    if (state === member.announced) return;
    member.announced = state;
    void bus.publish({ to: [], event: { type: "presence", instance: instanceId, member: memberId, state, invisible: member.invisible } });
    if (state === "offline") local.delete(memberId);
    notify(memberId);
  }

  function setRemote(memberId: number, instance: string, state: PresenceState, invisible: boolean) {
    let entries = remote.get(memberId);
    const before = entries?.get(instance)?.state ?? "offline";
    if (state === "offline") {
      entries?.delete(instance);
      if (entries && entries.size === 0) remote.delete(memberId);
    } else {
      if (!entries) remote.set(memberId, (entries = new Map()));
      entries.set(instance, { state, invisible, at: clock.now() });
    }
    if (before !== state) notify(memberId);
  }

  const unsubscribe = bus.subscribe(({ event }) => {
    if (event.type === "presence") {
      if (event.instance !== instanceId) setRemote(event.member, event.instance, event.state, event.invisible);
    } else if (event.type === "presence.sync") {
      if (event.instance === instanceId) return;
      const listed = new Set<number>();
      for (const [member, state, invisible] of event.members) {
        listed.add(member);
        setRemote(member, event.instance, state, invisible === 1);
      }
      // Members the instance no longer lists have left it (a lost "offline" announcement).
      for (const [member, entries] of remote) {
        if (entries.has(event.instance) && !listed.has(member)) setRemote(member, event.instance, "offline", false);
      }
    }
  });

  function sync() {
    const members: Array<[number, PresenceState, 0 | 1]> = [];
    for (const [memberId, member] of local) {
      const state = localState(member);
      if (state !== "offline") members.push([memberId, state, member.invisible ? 1 : 0]);
    }
    void bus.publish({ to: [], event: { type: "presence.sync", instance: instanceId, members } });
  }

  const tick = setInterval(() => {
    for (const memberId of [...local.keys()]) refresh(memberId);
    const oldest = clock.now() - remoteTtlMs;
    for (const [memberId, entries] of remote) {
      for (const [instance, entry] of entries) if (entry.at < oldest) setRemote(memberId, instance, "offline", false);
    }
  }, deps.tickMs ?? TICK_MS);
  tick.unref();
  const heartbeat = setInterval(sync, heartbeatMs);
  heartbeat.unref();

  function combined(memberId: number): { state: PresenceState; invisible: boolean } {
    let state = localState(local.get(memberId));
    let invisible = local.get(memberId)?.invisible ?? false;
    const oldest = clock.now() - remoteTtlMs;
    for (const entry of remote.get(memberId)?.values() ?? []) {
      if (entry.at < oldest) continue;
      if (RANK[entry.state] > RANK[state]) state = entry.state;
      invisible ||= entry.invisible;
    }
    return { state, invisible };
  }

  function status(viewerId: number | null, memberId: number): OnlineStatus {
    const { state, invisible } = combined(memberId);
    if (state === "offline") return ONLINE_STATUS.none;
    if (invisible) return viewerId === memberId ? ONLINE_STATUS.invisible : ONLINE_STATUS.none;
    return state === "chatting" ? ONLINE_STATUS.chatting : state === "online" ? ONLINE_STATUS.available : ONLINE_STATUS.unavailable;
  }

  return {
    status,
    statuses(viewerId, memberIds) {
      return new Map(memberIds.map((id) => [id, status(viewerId, id)]));
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    socketOpened(memberId, socket, invisible) {
      let member = local.get(memberId);
      if (!member) local.set(memberId, (member = { sockets: new Map(), invisible, typedAt: null, announced: "offline" }));
      member.invisible = invisible;
      member.sockets.set(socket, "active");
      refresh(memberId);
    },
    socketClosed(memberId, socket) {
      const member = local.get(memberId);
      if (!member) return;
      member.sockets.delete(socket);
      refresh(memberId);
    },
    heartbeat(memberId, socket, state) {
      const member = local.get(memberId);
      if (!member || !member.sockets.has(socket)) return;
      member.sockets.set(socket, state);
      refresh(memberId);
    },
    typed(memberId) {
      const member = local.get(memberId);
      if (!member) return;
      member.typedAt = clock.now();
      refresh(memberId);
    },
    close() {
      clearInterval(tick);
      clearInterval(heartbeat);
      unsubscribe();
      listeners.clear();
    },
  };
}
