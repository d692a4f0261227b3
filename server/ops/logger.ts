/**
 * Structured logs (issue 9 item 16): one JSON object per line on stdout (pino), each request's lines
 * carrying its request id, so a page and the API calls its loaders made can be followed together.
 * What a visitor typed (paths, names, headers) only ever goes into fields, which JSON escapes: a `%0A`
 * in a URL cannot start a forged line. `LOG_FORMAT=pretty` (npm start in a terminal) prints for people.
 */
import { pino, type Logger } from "pino";

export type { Logger };

export interface LoggerOptions {
  level?: string;
  format?: "json" | "pretty";
}

export function createLogger({ level = "info", format = "json" }: LoggerOptions = {}, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "velora" },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: ["req.headers.authorization", "req.headers.cookie", "password", "token"], censor: "[redacted]" },
  };
  if (destination) return pino(options, destination);
  if (format === "pretty") return pino({ ...options, transport: { target: "pino-pretty", options: { singleLine: true } } });
  return pino(options);
}
