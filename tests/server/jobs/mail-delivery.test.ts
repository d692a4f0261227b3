import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outboxMailer, type OutgoingMail } from "#server/integrations/mail/mailer";
import { createSmtpSender, type SmtpSender } from "#server/integrations/mail/smtp";
import { outboxSmsProvider } from "#server/integrations/sms/sms";
import { mailDeliveryHandler } from "#server/jobs/mail-delivery";
import type { Logger } from "#server/ops/logger";
import { createJobRunner, DEFAULT_MAX_ATTEMPTS, enqueueJob, jobBackoffMs } from "#server/jobs/queue";
import { createTestRuntime, TEST_DB, testLogger, type TestRuntime } from "../../helpers/runtime";

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

describe(`mail outbox delivery over SMTP, one job per mail (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let senders: SmtpSender[] = [];
  const sender = () => {
    const s = createSmtpSender(smtp.url, FROM);
    senders.push(s);
    return s;
  };
  /** A worker as server/index.ts starts it with SMTP_URL set (each call is another worker). */
  const worker = (smtpSender: SmtpSender = sender(), batchSize = 4, log: Pick<Logger, "warn" | "error"> = testLogger) =>
    createJobRunner({
      db: rt.deps.db,
      dialect: rt.deps.dialect,
      clock: rt.clock,
      log,
      batchSize,
      handlers: { "mail.deliver": mailDeliveryHandler(rt.deps.db, rt.clock, smtpSender) },
    });
  const deliveringMailer = () => outboxMailer(rt.deps.db, rt.clock, { deliver: true });
  const rowsFor = (recipient: string) =>
    rt.deps.db
      .selectFrom("mail_outbox")
      .select(["sent_at", "attempts", "last_error", "failed_at"])
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
    await rt.deps.db.deleteFrom("jobs").execute();
    smtp.received.length = 0;
  });
  afterEach(() => {
    for (const s of senders) s.close();
    senders = [];
  });

  it("sends queued mails with From, To, Subject and text and html parts, and marks them sent", async () => {
    await deliveringMailer().send(mail("anna@example.com"));
    await deliveringMailer().send(mail("ben@example.com"));

    expect(await worker().runDue()).toEqual({ done: 2, retry: 0, failed: 0 });
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
    }
    // Nothing left: a second pass sends nothing again.
    expect(await worker().runDue()).toEqual({ done: 0, retry: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);
  });

  it("the embedded default (no SMTP) writes the mailbox row and enqueues nothing", async () => {
    await outboxMailer(rt.deps.db, rt.clock).send(mail("dora@example.com"));
    expect(await rowsFor("dora@example.com")).toHaveLength(1);
    expect(await rt.deps.db.selectFrom("jobs").select("id").execute()).toEqual([]);
  });

  it("keeps a refused mail unsent, counts the attempt, backs off and finally gives up", async () => {
    await deliveringMailer().send(mail("nobody@reject.test"));
    const start = rt.clock.now();

    expect(await worker().runDue()).toEqual({ done: 0, retry: 1, failed: 0 });
    let [row] = await rowsFor("nobody@reject.test");
    expect(row?.sent_at).toBeNull();
    expect(Number(row?.attempts)).toBe(1);
    expect(row?.last_error).toMatch(/550|Mailbox unavailable/);
    const job = await rt.deps.db.selectFrom("jobs").select(["run_at", "state"]).executeTakeFirstOrThrow();
    expect(job).toEqual({ run_at: start + jobBackoffMs(1), state: "queued" });

    // Not due yet: the next pass leaves it alone.
    expect(await worker().runDue()).toEqual({ done: 0, retry: 0, failed: 0 });

    const givenUp: string[] = [];
    const log = { warn: () => {}, error: (_fields: unknown, message: string) => givenUp.push(message) } as unknown as Pick<
      Logger,
      "warn" | "error"
    >;
    for (let attempt = 2; attempt <= DEFAULT_MAX_ATTEMPTS; attempt++) {
      rt.clock.advance(jobBackoffMs(attempt - 1));
      const last = attempt === DEFAULT_MAX_ATTEMPTS;
      expect(await worker(sender(), 4, log).runDue()).toEqual({ done: 0, retry: last ? 0 : 1, failed: last ? 1 : 0 });
    }
    expect(givenUp).toEqual(["job failed for good"]);
    [row] = await rowsFor("nobody@reject.test");
    expect(Number(row?.attempts)).toBe(DEFAULT_MAX_ATTEMPTS);
    expect(row?.sent_at).toBeNull();
    expect(row?.failed_at).not.toBeNull();
    rt.clock.advance(24 * 60 * 60 * 1000);
    expect(await worker().runDue()).toEqual({ done: 0, retry: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it("delivers each mail exactly once when two workers run at the same time", async () => {
    const recipients = Array.from({ length: 12 }, (_, i) => `user${i}@example.com`);
    for (const to of recipients) await deliveringMailer().send(mail(to));

    const [a, b] = await Promise.all([worker(sender(), 3).runDue(), worker(sender(), 3).runDue()]);
    expect(a.done + b.done).toBe(recipients.length);
    const delivered = smtp.received.flatMap((r) => r.rcptTo).sort();
    expect(delivered).toEqual([...recipients].sort());
    const unsent = await rt.deps.db.selectFrom("mail_outbox").select("id").where("sent_at", "is", null).execute();
    expect(unsent).toHaveLength(0);
  });

  it("never e-mails sms: rows, even when a job names one", async () => {
    await outboxSmsProvider(rt.deps.db, rt.clock).send({
      to: "+4915112345678",
      text: "Code 123456",
      template: "phone_code",
      language: "de",
    });
    const stray = await rt.deps.db
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
      .returning("id")
      .executeTakeFirstOrThrow();
    await enqueueJob(rt.deps.db, rt.clock, "mail.deliver", { outbox_id: stray.id });
    await deliveringMailer().send(mail("carla@example.com"));

    expect(await worker().runDue()).toEqual({ done: 2, retry: 0, failed: 0 });
    expect(smtp.received.flatMap((r) => r.rcptTo)).toEqual(["carla@example.com"]);
    const [strayRow] = await rowsFor("sms:+4915187654321");
    expect(strayRow?.sent_at).toBeNull();
  });

  it("refuses an SMTP_URL that is not smtp:// or smtps://", () => {
    expect(() => createSmtpSender("http://127.0.0.1:25", FROM)).toThrow(/smtp:\/\/ or smtps:\/\//);
  });
});
