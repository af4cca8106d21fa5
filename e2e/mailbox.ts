import { createWriteStream } from 'node:fs';
import { readdir, readFile, rename } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Mailbox {
  /** SMTP_URL for the product under test. */
  url: string;
  close(): Promise<void>;
}

/**
 * A real SMTP server for the end-to-end run, a plain local relay like a development mail catcher:
 * the product is given it as SMTP_URL and delivers to it as it would to any mail server. Each
 * message is written whole to `dir`, one .eml file per message in the order received, for the specs
 * (which run in other processes) to read back as a mail client would.
 */
export async function startMailbox(dir: string): Promise<Mailbox> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const name = String(received++).padStart(6, '0');
      const partial = path.join(dir, `${name}.part`);
      const file = createWriteStream(partial);
      stream.on('error', callback);
      file.on('error', callback);
      // Renamed once complete, so a reader never parses half a message.
      file.on('finish', () => {
        rename(partial, path.join(dir, `${name}.eml`)).then(() => callback(), callback);
      });
      stream.pipe(file);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The messages in `dir` addressed to `address` (To or Cc), oldest first. */
export async function readMailbox(dir: string, address: string): Promise<ParsedMail[]> {
  const wanted = address.toLowerCase();
  const names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  const mails: ParsedMail[] = [];
  for (const name of names) {
    const raw = await readFile(path.join(dir, name));
    // Most of the run's mail is for someone else: parse only what can be for this address.
    if (!raw.toString('latin1').toLowerCase().includes(wanted)) continue;
    // skipImageLinks keeps `cid:` references as sent, instead of inlining the images as data: URLs.
    const mail = await simpleParser(raw, { skipImageLinks: true });
    const recipients = [mail.to, mail.cc]
      .flat()
      .flatMap((list) => list?.value ?? [])
      .map((entry) => entry.address?.toLowerCase());
    if (recipients.includes(wanted)) mails.push(mail);
  }
  return mails;
}
