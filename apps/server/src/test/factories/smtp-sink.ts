import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body) as the client sent it. */
  raw: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` for `SMTP_URL`. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the next message that arrives (or one already waiting). */
  next(timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A minimal SMTP server on localhost that accepts every message, so tests exercise the real
 * nodemailer SMTP path end to end (no STARTTLS, no auth).
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  let delivered = 0;

  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let from = '';
    let to: string[] = [];
    let data = '';
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          const mail = { from, to, raw: data.replace(/^\.\./gm, '.') };
          messages.push(mail);
          waiting.shift()?.(mail);
          data = '';
          reply('250 OK queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          reply('250-sink');
          reply('250 8BITMIME');
        } else if (verb === 'HELO' || verb === 'NOOP' || verb === 'RSET') {
          reply('250 OK');
        } else if (verb === 'MAIL') {
          from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          to = [];
          reply('250 OK');
        } else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          // The terminator search needs the CRLF that precedes the first line too.
          buffer = `\r\n${buffer}`;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else {
          reply('502 Command not implemented');
        }
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next: (timeoutMs = 5000) => {
      const ready = messages[delivered];
      if (ready) {
        delivered += 1;
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no mail arrived')), timeoutMs);
        waiting.push((mail) => {
          clearTimeout(timer);
          delivered += 1;
          resolve(mail);
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The body text with quoted-printable soft breaks and escapes undone. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The next mail whose decoded text matches `pattern`, passing over others (a registration's
 * verification mail arrives before the mail a test waits for).
 */
export async function nextMailMatching(
  sink: SmtpSink,
  pattern: RegExp,
  timeoutMs?: number,
): Promise<ReceivedMail> {
  for (;;) {
    const mail = await sink.next(timeoutMs);
    if (pattern.test(decodeQuotedPrintable(mail.raw))) return mail;
  }
}
