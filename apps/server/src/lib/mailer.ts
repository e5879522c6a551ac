import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { loadNodemailer } from './lazy-modules';
import type { Config } from '../config';
import { redactUrl } from './log';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** `smtp` when `SMTP_URL` is set; `log` writes each mail to the server log instead. */
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

type MailLogger = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/**
 * SMTP through nodemailer when `SMTP_URL` is configured; otherwise the mail goes to the log, so a
 * fresh install without a mail server can still follow a password reset link. In production the
 * logged text has its links' secrets taken out (lib/log.ts): a log reader must not be able to
 * reset anyone's password (docs/decisions.md, "Hardening").
 */
export function createMailer(
  config: Pick<Config, 'SMTP_URL' | 'SMTP_FROM' | 'NODE_ENV'>,
  log: MailLogger,
): Mailer {
  const url = config.SMTP_URL;
  if (!url) {
    const production = config.NODE_ENV === 'production';
    if (production) {
      log.warn('SMTP_URL is not set: e-mails (password reset links…) are not sent');
    }
    return {
      kind: 'log',
      send: async (message) => {
        const text = production ? redactUrl(message.text) : message.text;
        log.info(
          { mail: { to: message.to, subject: message.subject, text } },
          production
            ? 'e-mail not sent (SMTP_URL is not set); its content follows, secrets left out'
            : 'e-mail not sent (SMTP_URL is not set); its content follows',
        );
      },
    };
  }
  // Created on first use: building the app (tests, scripts) never opens a connection.
  let transporter: Transporter | undefined;
  return {
    kind: 'smtp',
    send: async (message) => {
      transporter ??= (await loadNodemailer()).createTransport(url);
      await transporter.sendMail({ from: config.SMTP_FROM, ...message });
    },
  };
}
