/**
 * Issue 27 item 3 (ADR 083) on both databases: the first-contact unlock, the message boost and the date-review unlock
 * paid in place with dollars. Each is paid once however often it is retried, an empty wallet leaves the limit, the
 * balance and the message as they were, another member's message or date id is 404, and the unlocked message is
 * really delivered. The ledger is reconciled after each.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BoostResult, Conversation, SendResult, ThreadList } from "#server/contract/messenger";
import { FIRST_CONTACTS_PER_DAY } from "#server/contract/messenger";
import type { ReviewUnlockResult } from "#server/contract/review-unlock";
import type { ReviewList } from "#server/contract/reviews";
import { USER_TYPE } from "#server/contract/users";
import { INSUFFICIENT_DOLLARS_KEY } from "#server/contract/wallet";
import { dollarOperations, reconcileLedger } from "#server/modules/ledger/index";
import { dollarBalances, spendDollars } from "#server/modules/wallet/index";
import { callJson } from "../../helpers/api-call";
import { BURST_SIZE, burst } from "../../helpers/burst";
import { TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { createMessengerRuntime, listedMember } from "../messenger/fixtures";
import { insertDate } from "../reviews/date-fixture";
import { reviewKit } from "../reviews/review-kit";

interface Answer<T> {
  data?: T;
  errors?: Array<{ key: string; params?: Record<string, unknown> }>;
  outcome?: string;
  dollar_offer?: { product: string; price: number; payable: boolean } | null;
  insufficient?: boolean;
}
type Member = Awaited<ReturnType<typeof listedMember>>;

describe(`payable unlocks (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ rt, close } = await createMessengerRuntime());
  }, 60_000);
  afterAll(() => close());

  let seq = 0;
  const key = (what: string) => `${what}-${TEST_DB}-${++seq}-${Date.now()}`;
  const call = <T>(token: string, method: string, path: string, body?: unknown) =>
    callJson<Answer<T>>(rt, token, method, `/api/v2${path}`, body);
  const send = (from: Member, to: Member, clientKey: string, unlock = false, body = "Hallo, hast du Zeit?") =>
    call<SendResult>(from.token, "POST", `/messenger/send/${to.username}?client_key=${clientKey}${unlock ? "&unlock=first_contact" : ""}`, {
      body,
    });
  /** Test dollars through the wallet's spend service (a staff grant). */
  const grant = (member: Member, amount: number) =>
    spendDollars(rt.deps, { payer: member.id, key: key("grant"), operation: dollarOperations.grant(member.id, amount) });
  const balance = async (member: Member) => (await dollarBalances(rt.deps, member.id)).available;
  const reconciled = async () =>
    expect(await reconcileLedger(rt.deps, "dollar")).toMatchObject({ negative: 0, mismatched: 0, imbalance: 0 });
  const firstContacts = async (member: Member) =>
    Number(
      (
        await rt.deps.db
          .selectFrom("messenger_first_contacts")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("sender_id", "=", member.id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A basic client who used up their first contacts of the day, and one more member to write to. */
  async function atTheLimit(): Promise<{ sender: Member; target: Member }> {
    const sender = await listedMember(rt, USER_TYPE.client);
    const earlier = rt.clock.now() - 60 * 60 * 1000;
    const others = await Promise.all(Array.from({ length: FIRST_CONTACTS_PER_DAY.basic }, () => listedMember(rt, USER_TYPE.client)));
    await rt.deps.db
      .insertInto("messenger_first_contacts")
      .values(others.map((o) => ({ sender_id: sender.id, recipient_id: o.id, sender_plus: 0, created_at: earlier })))
      .execute();
    return { sender, target: await listedMember(rt, USER_TYPE.client) };
  }

  it("unlocks a first contact past the limit for 5 dollars in the send itself, once under retries, and delivers it", async () => {
    const { sender, target } = await atTheLimit();
    await grant(sender, 12);
    const clientKey = key("msg");
    const refused = await send(sender, target, clientKey);
    expect(refused.status).toBe(429);
    expect(refused.json.outcome).toBe("first_contact_limit");
    expect(refused.json.dollar_offer).toMatchObject({ product: "first_contact_unlock", price: 5, payable: true });

    const answers = await Promise.all([send(sender, target, clientKey, true), send(sender, target, clientKey, true)]);
    const again = await send(sender, target, clientKey, true);
    for (const answer of [...answers, again]) expect(answer.status).toBe(201);
    const ids = new Set([...answers, again].map((a) => a.json.data!.message.id));
    expect(ids.size).toBe(1);
    const paid = [...answers, again].map((a) => a.json.data!.payment).filter((p) => p !== null);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: "succeeded", kind: "FIRST_CONTACT_UNLOCK", amount: 5, balance: 7 });
    expect(await balance(sender)).toBe(7);

    // Delivered: in the recipient's inbox and their conversation.
    const inbox = await call<ThreadList>(target.token, "GET", "/messenger/threads?folder=inbox");
    expect(inbox.json.data!.items.map((t) => t.partner.username)).toContain(sender.username);
    const seen = await call<Conversation>(target.token, "GET", `/messenger/messages/${sender.username}`);
    expect(seen.json.data!.messages.map((m) => m.body)).toEqual(["Hallo, hast du Zeit?"]);
    const history = await rt.deps.db
      .selectFrom("ledger_operations")
      .select(["kind", "reference", "actor_user_id"])
      .where("idempotency_key", "=", `unlock:${clientKey}`)
      .execute();
    expect(history).toEqual([{ kind: "FIRST_CONTACT_UNLOCK", reference: `message:${[...ids][0]}`, actor_user_id: sender.id }]);
    await reconciled();
  });

  it("20 unlocked first contacts at once from a wallet of 50: exactly 10 go, each paid, the rest 402 and nothing else moved", async () => {
    const { sender } = await atTheLimit();
    await grant(sender, 50);
    const targets = await Promise.all(Array.from({ length: BURST_SIZE }, () => listedMember(rt, USER_TYPE.client)));
    const outcome = await burst(
      (i) => send(sender, targets[i]!, key("burst"), true),
      () => firstContacts(sender),
    );
    expect(outcome).toEqual({ created: 10, statuses: { 201: 10, 402: 10 } });
    expect(await balance(sender)).toBe(0);
    const delivered = await rt.deps.db
      .selectFrom("messenger_messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("sender_id", "=", sender.id)
      .executeTakeFirstOrThrow();
    expect(Number(delivered.n)).toBe(10);
    await reconciled();
  });

  it("pays nothing when the first contact is within the limit, and needs the client key to unlock", async () => {
    const sender = await listedMember(rt, USER_TYPE.client);
    const target = await listedMember(rt, USER_TYPE.client);
    await grant(sender, 10);
    const sent = await send(sender, target, key("msg"), true);
    expect(sent.status).toBe(201);
    expect(sent.json.data!.payment).toBeNull();
    expect(await balance(sender)).toBe(10);
    const keyless = await call(sender.token, "POST", `/messenger/send/${target.username}?unlock=first_contact`, { body: "x" });
    expect(keyless.status).toBe(400);
  });

  it("an empty wallet leaves the limit, the balance and the message as they were", async () => {
    const { sender, target } = await atTheLimit();
    await grant(sender, 3);
    const contactsBefore = await firstContacts(sender);
    const clientKey = key("msg");
    const poor = await send(sender, target, clientKey, true);
    expect(poor.status).toBe(402);
    expect(poor.json.errors![0]).toMatchObject({ key: INSUFFICIENT_DOLLARS_KEY, params: { price: 5, balance: 3 } });
    expect(poor.json).toMatchObject({ outcome: "first_contact_limit", insufficient: true });
    expect(await balance(sender)).toBe(3);
    expect(await firstContacts(sender)).toBe(contactsBefore);
    expect((await call<Conversation>(target.token, "GET", `/messenger/messages/${sender.username}`)).json.data!.messages).toEqual([]);
    // With dollars bought meanwhile, the same key goes through (an insufficient try left nothing behind).
    await grant(sender, 5);
    const paid = await send(sender, target, clientKey, true);
    expect(paid.status).toBe(201);
    expect(paid.json.data!.payment).toMatchObject({ amount: 5, balance: 3 });
    await reconciled();
  });

  it("boosts one's own message once: the receiver's thread rises, the message is marked, retries and second boosts pay nothing", async () => {
    const a = await listedMember(rt, USER_TYPE.client);
    const b = await listedMember(rt, USER_TYPE.client);
    const c = await listedMember(rt, USER_TYPE.client);
    await grant(a, 20);
    const first = (await send(a, b, key("msg"), false, "Erste")).json.data!;
    rt.clock.advance(60_000);
    await send(c, b, key("msg"), false, "Später");
    const order = async () =>
      (await call<ThreadList>(b.token, "GET", "/messenger/threads?folder=inbox")).json.data!.items.map((t) => t.partner.username);
    expect(await order()).toEqual([c.username, a.username]);

    rt.clock.advance(1000);
    const boostKey = key("boost");
    const boost = (k = boostKey, who = a, id = first.message.id) =>
      call<BoostResult>(who.token, "POST", `/messenger/boost/${id}`, { key: k });
    const answers = await Promise.all([boost(), boost()]);
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(answers.map((x) => x.json.data!.payment?.amount)).toEqual([5, 5]);
    expect(answers.filter((x) => x.json.data!.payment?.replayed)).toHaveLength(1);
    expect(await balance(a)).toBe(15);
    expect(await order()).toEqual([a.username, c.username]);
    const marked = await call<Conversation>(b.token, "GET", `/messenger/messages/${a.username}`);
    expect(marked.json.data!.messages.find((m) => m.id === first.message.id)).toMatchObject({ boosted: true });

    const second = await boost(key("boost"));
    expect(second.json.data).toEqual({ message_id: first.message.id, already_boosted: true, payment: null });
    expect(await balance(a)).toBe(15);
    // Another member's message id: 404, nothing paid.
    expect((await boost(key("boost"), b)).status).toBe(404);
    expect((await boost(key("boost"), c)).status).toBe(404);
    await reconciled();
  });

  it("a boost the wallet does not cover moves nothing and marks nothing", async () => {
    const a = await listedMember(rt, USER_TYPE.client);
    const b = await listedMember(rt, USER_TYPE.client);
    await grant(a, 4);
    const sent = (await send(a, b, key("msg"))).json.data!;
    const poor = await call<BoostResult>(a.token, "POST", `/messenger/boost/${sent.message.id}`, { key: key("boost") });
    expect(poor.status).toBe(402);
    expect(poor.json.errors![0]).toMatchObject({ key: INSUFFICIENT_DOLLARS_KEY, params: { price: 5, balance: 4 } });
    expect(await balance(a)).toBe(4);
    const seen = await call<Conversation>(b.token, "GET", `/messenger/messages/${a.username}`);
    expect(seen.json.data!.messages[0]).toMatchObject({ boosted: false });
  });

  describe("the date-review unlock", () => {
    const kit = reviewKit(() => rt, "198.51.100");

    async function publishedDate() {
      const client = await kit.member();
      const escort = await kit.member(USER_TYPE.escort);
      const dateId = await insertDate(rt, client.id, escort.id);
      await kit.call(client.token, "POST", `/reviews/${dateId}`, kit.reviewBody("person"));
      await kit.call(escort.token, "POST", `/reviews/${dateId}`, kit.reviewBody("person"));
      return { client, escort, dateId };
    }
    const unlock = (token: string, dateId: number, k: string) =>
      callJson<Answer<ReviewUnlockResult>>(rt, token, "POST", `/api/v2/reviews/${dateId}/unlock`, { key: k });

    it("pays 1 dollar once (retries and a second unlock cost nothing) and opens the date's texts to the reader", async () => {
      const { escort, dateId } = await publishedDate();
      const reader = await kit.member();
      await grant(reader as unknown as Member, 3);
      const k = key("review");
      const answers = await Promise.all([unlock(reader.token, dateId, k), unlock(reader.token, dateId, k)]);
      for (const answer of answers) expect(answer.status).toBe(200);
      expect(answers.map((x) => x.json.data!.payment)).toEqual([
        expect.objectContaining({ kind: "CONSUME", amount: 1, balance: 2 }),
        expect.objectContaining({ kind: "CONSUME", amount: 1, balance: 2 }),
      ]);
      const again = await unlock(reader.token, dateId, key("review"));
      expect(again.json.data).toMatchObject({ unlocked: true, payment: null });
      expect((await dollarBalances(rt.deps, reader.id)).available).toBe(2);
      const info = await kit.call<{ unlocked: boolean }>(reader.token, "GET", `/reviews/${dateId}/unlock`);
      expect(info.json.data!.unlocked).toBe(true);
      const list = await kit.call<ReviewList>(reader.token, "GET", `/reviews/user/${escort.username}`);
      expect(list.json.data!.items[0]).toMatchObject({ text_locked: false, text: expect.stringContaining("Pünktlich") });
      const operation = await rt.deps.db
        .selectFrom("ledger_operations")
        .select(["kind", "reference"])
        .where("idempotency_key", "=", `review_unlock:${k}`)
        .executeTakeFirstOrThrow();
      expect(operation).toEqual({ kind: "CONSUME", reference: `date:${dateId}` });
      await reconciled();
    });

    it("an empty wallet unlocks nothing; another date id or a date without published reviews is 404", async () => {
      const { escort, dateId } = await publishedDate();
      const reader = await kit.member();
      const poor = await unlock(reader.token, dateId, key("review"));
      expect(poor.status).toBe(402);
      expect(poor.json.errors![0]).toMatchObject({ key: INSUFFICIENT_DOLLARS_KEY, params: { price: 1, balance: 0 } });
      const list = await kit.call<ReviewList>(reader.token, "GET", `/reviews/user/${escort.username}`);
      expect(list.json.data!.items[0]).toMatchObject({ text_locked: true, text: null });
      // A date of other members that has no published review yet, and an unknown id: 404, nothing paid.
      const other = await kit.member();
      const unpublished = await insertDate(rt, other.id, escort.id);
      await grant(reader as unknown as Member, 5);
      expect((await unlock(reader.token, unpublished, key("review"))).status).toBe(404);
      expect((await unlock(reader.token, dateId + 100_000, key("review"))).status).toBe(404);
      expect((await dollarBalances(rt.deps, reader.id)).available).toBe(5);
    });
  });
});
