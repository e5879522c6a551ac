import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, startSmtpSink, type SmtpSink } from '../test/factories/smtp-sink';
import { createMailer } from './mailer';

const message = {
  to: 'rina@ajar.test',
  subject: 'Reset password akun anda',
  text: 'Buka https://ajar.example/password-reset?token=abc',
};

describe('createMailer', () => {
  it('without SMTP_URL writes the mail, link included, to the log', async () => {
    const lines: unknown[][] = [];
    const mailer = createMailer(
      { SMTP_URL: undefined, SMTP_FROM: 'Ajar <no-reply@ajar.test>', NODE_ENV: 'development' },
      { info: (...args: unknown[]) => void lines.push(args), warn: () => undefined },
    );
    expect(mailer.kind).toBe('log');
    await mailer.send(message);
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines[0])).toContain('https://ajar.example/password-reset?token=abc');
  });

  it('in production without SMTP_URL logs the mail without its secret token, and says so', async () => {
    const info: unknown[][] = [];
    const warn: unknown[][] = [];
    const mailer = createMailer(
      { SMTP_URL: undefined, SMTP_FROM: 'Ajar <no-reply@ajar.test>', NODE_ENV: 'production' },
      {
        info: (...args: unknown[]) => void info.push(args),
        warn: (...args: unknown[]) => void warn.push(args),
      },
    );
    expect(warn).toEqual([[expect.stringContaining('SMTP_URL is not set')]]);
    await mailer.send({
      ...message,
      text: `${message.text}\nUnduh https://ajar.example/api/download/rahasia-unduh`,
    });
    const logged = JSON.stringify(info);
    expect(logged).toContain('https://ajar.example/password-reset?token=[redacted]');
    expect(logged).toContain('https://ajar.example/api/download/[redacted]');
    expect(logged).not.toContain('token=abc');
    expect(logged).not.toContain('rahasia-unduh');
  });

  describe('with SMTP_URL', () => {
    let smtp: SmtpSink;
    beforeAll(async () => {
      smtp = await startSmtpSink();
    });
    afterAll(() => smtp.close());

    it('delivers through SMTP from SMTP_FROM', async () => {
      const mailer = createMailer(
        { SMTP_URL: smtp.url, SMTP_FROM: 'Ajar <no-reply@ajar.test>', NODE_ENV: 'production' },
        { info: () => undefined, warn: () => undefined },
      );
      expect(mailer.kind).toBe('smtp');
      await mailer.send(message);
      const mail = await smtp.next();
      expect(mail.from).toBe('no-reply@ajar.test');
      expect(mail.to).toEqual(['rina@ajar.test']);
      expect(decodeQuotedPrintable(mail.raw)).toContain(message.text);
    });
  });
});
