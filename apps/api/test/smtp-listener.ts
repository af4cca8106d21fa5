import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import sharp from 'sharp';
import jsQR from 'jsqr';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), lower case. */
  to: string[];
  parsed: ParsedMail;
}

export interface SmtpListener {
  /** SMTP_URL for the app under test. */
  url: string;
  received: ReceivedMail[];
  /** The mails received so far for one address. */
  mailsTo(address: string): ReceivedMail[];
  /** Connections opened so far, refused or not: each is one try at delivering a mail. */
  readonly connections: number;
  /**
   * While on, every new connection is answered 421 and closed, as a mail server that is overloaded,
   * limiting this sender or going down for maintenance answers.
   */
  setRefusing(isRefusing: boolean): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free local port, as the app meets one in operations: it speaks SMTP over
 * TCP, takes no password and offers no STARTTLS (a plain local relay, like a development mail
 * catcher). Every message is parsed back into its parts, the way a mail client would see it.
 */
export async function startSmtpListener(): Promise<SmtpListener> {
  const received: ReceivedMail[] = [];
  let connections = 0;
  let isRefusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections++;
      if (!isRefusing) return callback();
      // smtp-server answers the error's responseCode and closes the connection.
      callback(Object.assign(new Error('4.3.2 Service not available, try again later'), { responseCode: 421 }));
    },
    onData(stream, session, callback) {
      // skipImageLinks keeps `cid:` references as sent, instead of inlining the images as data: URLs.
      simpleParser(stream, { skipImageLinks: true }).then(
        (parsed) => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), parsed });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    mailsTo: (address) => received.filter((mail) => mail.to.includes(address.toLowerCase())),
    get connections() {
      return connections;
    },
    setRefusing: (on) => {
      isRefusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Reads a QR code out of a PNG the way a scanner does: from its pixels, not from its metadata. */
export async function decodeQrPng(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  return found?.data ?? null;
}
