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
      { SMTP_URL: undefined, SMTP_FROM: 'Ajar <no-reply@ajar.test>' },
      { info: (...args: unknown[]) => void lines.push(args) },
    );
    expect(mailer.kind).toBe('log');
    await mailer.send(message);
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines[0])).toContain('https://ajar.example/password-reset?token=abc');
  });

  describe('with SMTP_URL', () => {
    let smtp: SmtpSink;
    beforeAll(async () => {
      smtp = await startSmtpSink();
    });
    afterAll(() => smtp.close());

    it('delivers through SMTP from SMTP_FROM', async () => {
      const mailer = createMailer(
        { SMTP_URL: smtp.url, SMTP_FROM: 'Ajar <no-reply@ajar.test>' },
        { info: () => undefined },
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
