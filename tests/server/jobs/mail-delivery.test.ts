import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outboxMailer, type OutgoingMail } from "#server/integrations/mail/mailer";
import { createSmtpSender, type SmtpSender } from "#server/integrations/mail/smtp";
import { outboxSmsProvider } from "#server/integrations/sms/sms";
import { backoffMs, deliverMailBatch, MAX_ATTEMPTS } from "#server/jobs/mail-delivery";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const FROM = "Velora <no-reply@velora.test>";

interface Received {
  mailFrom: string;
  rcptTo: string[];
  raw: string;
}

/** A real SMTP server on an ephemeral local port; recipients @reject.test are refused at RCPT. */
async function startSmtpServer(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith("@reject.test")) callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(resolve)) };
}

function mail(to: string, overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return {
    to,
    subject: `Verify ${to}`,
    text: `Plain body for ${to}`,
    html: `<p>HTML body for ${to}</p>`,
    template: "verify_email",
    language: "de",
    ...overrides,
  };
}

describe(`mail outbox delivery over SMTP (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let senders: SmtpSender[] = [];
  const sender = () => {
    const s = createSmtpSender(smtp.url, FROM);
    senders.push(s);
    return s;
  };
  const rowsFor = (recipient: string) =>
    rt.deps.db
      .selectFrom("mail_outbox")
      .select(["sent_at", "attempts", "last_error", "next_attempt_at", "failed_at", "claim_token"])
      .where("recipient", "=", recipient)
      .execute();

  beforeAll(async () => {
    rt = await createTestRuntime();
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
    await rt.close();
  });
  beforeEach(async () => {
    await rt.deps.db.deleteFrom("mail_outbox").execute();
    smtp.received.length = 0;
  });
  afterEach(() => {
    for (const s of senders) s.close();
    senders = [];
  });

  it("sends queued mails with From, To, Subject and text and html parts, and marks them sent", async () => {
    const mailer = outboxMailer(rt.deps.db, rt.clock);
    await mailer.send(mail("anna@example.com"));
    await mailer.send(mail("ben@example.com"));

    const result = await deliverMailBatch(rt.deps.db, rt.clock, sender());
    expect(result).toEqual({ sent: 2, failed: 0 });
    expect(smtp.received).toHaveLength(2);
    const toAnna = smtp.received.find((r) => r.rcptTo.includes("anna@example.com"));
    expect(toAnna?.mailFrom).toBe("no-reply@velora.test");
    expect(toAnna?.raw).toMatch(/^From: Velora <no-reply@velora\.test>\r?$/m);
    expect(toAnna?.raw).toMatch(/^To: anna@example\.com\r?$/m);
    expect(toAnna?.raw).toMatch(/^Subject: Verify anna@example\.com\r?$/m);
    expect(toAnna?.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(toAnna?.raw).toMatch(/Content-Type: text\/plain[\s\S]*Plain body for anna@example\.com/);
    expect(toAnna?.raw).toMatch(/Content-Type: text\/html[\s\S]*<p>HTML body for anna@example\.com<\/p>/);

    for (const to of ["anna@example.com", "ben@example.com"]) {
      const [row] = await rowsFor(to);
      expect(row?.sent_at).not.toBeNull();
      expect(row?.claim_token).toBeNull();
    }
    // Nothing left: a second pass sends nothing again.
    expect(await deliverMailBatch(rt.deps.db, rt.clock, sender())).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);
  });

  it("keeps a refused mail unsent, counts the attempt, backs off and finally gives up", async () => {
    await outboxMailer(rt.deps.db, rt.clock).send(mail("nobody@reject.test"));
    const start = rt.clock.now();

    expect(await deliverMailBatch(rt.deps.db, rt.clock, sender())).toEqual({ sent: 0, failed: 1 });
    let [row] = await rowsFor("nobody@reject.test");
    expect(row?.sent_at).toBeNull();
    expect(Number(row?.attempts)).toBe(1);
    expect(row?.last_error).toMatch(/550|Mailbox unavailable/);
    expect(Number(row?.next_attempt_at)).toBe(start + backoffMs(1));
    expect(row?.claim_token).toBeNull();

    // Not due yet: the next pass leaves it alone.
    expect(await deliverMailBatch(rt.deps.db, rt.clock, sender())).toEqual({ sent: 0, failed: 0 });

    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      rt.clock.advance(backoffMs(attempt - 1));
      expect(await deliverMailBatch(rt.deps.db, rt.clock, sender())).toEqual({ sent: 0, failed: 1 });
    }
    [row] = await rowsFor("nobody@reject.test");
    expect(Number(row?.attempts)).toBe(MAX_ATTEMPTS);
    expect(row?.sent_at).toBeNull();
    expect(row?.failed_at).not.toBeNull();
    rt.clock.advance(24 * 60 * 60 * 1000);
    expect(await deliverMailBatch(rt.deps.db, rt.clock, sender())).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it("delivers each mail exactly once when two workers run at the same time", async () => {
    const mailer = outboxMailer(rt.deps.db, rt.clock);
    const recipients = Array.from({ length: 12 }, (_, i) => `user${i}@example.com`);
    for (const to of recipients) await mailer.send(mail(to));

    const [a, b] = await Promise.all([
      deliverMailBatch(rt.deps.db, rt.clock, sender(), 8),
      deliverMailBatch(rt.deps.db, rt.clock, sender(), 8),
    ]);
    // Whatever one worker claimed, the other did not; leftovers go in the next pass.
    const rest = await deliverMailBatch(rt.deps.db, rt.clock, sender(), 8);
    expect(a.sent + b.sent + rest.sent).toBe(recipients.length);
    const delivered = smtp.received.flatMap((r) => r.rcptTo).sort();
    expect(delivered).toEqual([...recipients].sort());
    const unsent = await rt.deps.db.selectFrom("mail_outbox").select("id").where("sent_at", "is", null).execute();
    expect(unsent).toHaveLength(0);
  });

  it("does not hand rows claimed by a worker that is still sending to another worker", async () => {
    const mailer = outboxMailer(rt.deps.db, rt.clock);
    const recipients = Array.from({ length: 6 }, (_, i) => `slow${i}@example.com`);
    for (const to of recipients) await mailer.send(mail(to));

    // Worker A claims 4 rows and stalls before its first send (a slow SMTP server).
    const real = sender();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let stalled = () => {};
    const started = new Promise<void>((resolve) => (stalled = resolve));
    const slow: SmtpSender = {
      async send(message) {
        stalled();
        await gate;
        await real.send(message);
      },
      close: () => real.close(),
    };
    const passA = deliverMailBatch(rt.deps.db, rt.clock, slow, 4);
    await started;

    // Worker B meanwhile gets only the 2 unclaimed rows, even after time passes (within the lease).
    rt.clock.advance(60_000);
    expect(await deliverMailBatch(rt.deps.db, rt.clock, sender(), 10)).toEqual({ sent: 2, failed: 0 });
    release();
    expect(await passA).toEqual({ sent: 4, failed: 0 });
    expect(smtp.received.flatMap((r) => r.rcptTo).sort()).toEqual([...recipients].sort());
  });

  it("never e-mails sms: rows, even one left unsent", async () => {
    await outboxSmsProvider(rt.deps.db, rt.clock).send({
      to: "+4915112345678",
      text: "Code 123456",
      template: "phone_code",
      language: "de",
    });
    await rt.deps.db
      .insertInto("mail_outbox")
      .values({
        recipient: "sms:+4915187654321",
        subject: "SMS",
        text_body: "Code 654321",
        html_body: "",
        template: "phone_code",
        language: "de",
        created_at: rt.clock.now(),
        sent_at: null,
      })
      .execute();
    await outboxMailer(rt.deps.db, rt.clock).send(mail("carla@example.com"));

    expect(await deliverMailBatch(rt.deps.db, rt.clock, sender())).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.flatMap((r) => r.rcptTo)).toEqual(["carla@example.com"]);
    const [stray] = await rowsFor("sms:+4915187654321");
    expect(stray?.sent_at).toBeNull();
    expect(Number(stray?.attempts)).toBe(0);
    expect(stray?.claim_token).toBeNull();
  });

  it("refuses an SMTP_URL that is not smtp:// or smtps://", () => {
    expect(() => createSmtpSender("http://127.0.0.1:25", FROM)).toThrow(/smtp:\/\/ or smtps:\/\//);
  });
});
