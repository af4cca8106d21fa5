import { createRequire } from 'node:module';
import type pinoPretty from 'pino-pretty';
import type { LogDestination } from './log-redaction';

/** What the log is written to: process.stdout, or a stand-in in tests. */
export interface LogOutput {
  isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * Where the log goes (docs/decisions/0079-metrics-and-log.md). On a terminal, a person reads it:
 * one line per event through pino-pretty's formatter, in this process and synchronously (no worker
 * thread to find or lose lines at exit), colours as the terminal and NO_COLOR allow. Piped to a
 * file, journald, a collector or a test, it stays JSON, one object a line, which tools parse:
 * undefined, pino's own stdout. Either way each line has already passed the redaction
 * (log-redaction.ts's streamWrite hook runs before any destination).
 */
export function logDestinationFor(output: LogOutput): LogDestination | undefined {
  if (!output.isTTY) return undefined;
  // Loaded only for a terminal, so a piped start does not pay for it.
  const { prettyFactory } = createRequire(import.meta.url)('pino-pretty') as typeof pinoPretty;
  const prettify = prettyFactory({ singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
  return { write: (line) => void output.write(prettify(line)) };
}
