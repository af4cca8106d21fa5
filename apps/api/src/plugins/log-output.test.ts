import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { logDestinationFor, type LogOutput } from './log-output';
import { loggerOptions } from './log-redaction';

function output(isTTY: boolean): LogOutput & { written: string[] } {
  const written: string[] = [];
  return { isTTY, written, write: (text: string) => written.push(text) };
}

describe('where the log goes', () => {
  it('stays JSON when piped: pino writes to stdout itself', () => {
    expect(logDestinationFor(output(false))).toBeUndefined();
    expect(logDestinationFor({ write: () => true })).toBeUndefined();
  });

  it('is one readable line per event on a terminal, redacted as the JSON is', async () => {
    const terminal = output(true);
    const app = Fastify({ logger: loggerOptions('info', logDestinationFor(terminal)) });
    app.log.info({ clubId: 'c1' }, 'mail kept in the outbox');
    app.log.warn({ metricsToken: 'very-secret-token' }, 'scraped with Bearer very-secret-token');
    await app.close();
    const lines = terminal.written.join('').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const [kept, scraped] = [
      lines.find((line) => line.includes('mail kept')),
      lines.find((line) => line.includes('scraped')),
    ];
    expect(kept).toMatch(/INFO/);
    expect(kept).toContain('"clubId":"c1"');
    expect(() => JSON.parse(kept!) as unknown).toThrow();
    expect(scraped).toMatch(/WARN/);
    expect(terminal.written.join('')).not.toContain('very-secret-token');
  });
});
