/**
 * Minimal typings for smtp-server (used only as a real SMTP peer in
 * tests/server/jobs/mail-delivery.test.ts; the package ships no types and
 * @types/smtp-server is not installed). Covers just what the tests use.
 */
declare module "smtp-server" {
  import type { Server } from "node:net";
  import type { Readable } from "node:stream";

  export interface SMTPServerAddress {
    address: string;
  }
  export interface SMTPServerSession {
    envelope: { mailFrom: SMTPServerAddress | false; rcptTo: SMTPServerAddress[] };
  }
  export interface SMTPServerOptions {
    authOptional?: boolean;
    disabledCommands?: string[];
    logger?: boolean;
    onRcptTo?(address: SMTPServerAddress, session: SMTPServerSession, callback: (err?: Error | null) => void): void;
    onData?(stream: Readable, session: SMTPServerSession, callback: (err?: Error | null) => void): void;
  }
  export class SMTPServer {
    constructor(options?: SMTPServerOptions);
    server: Server;
    listen(port: number, host: string, callback?: () => void): Server;
    close(callback?: () => void): void;
  }
}
