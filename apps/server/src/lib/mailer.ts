import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { loadNodemailer } from './lazy-modules';
import type { Config } from '../config';

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

type MailLogger = Pick<FastifyBaseLogger, 'info'>;

/**
 * SMTP through nodemailer when `SMTP_URL` is configured; otherwise the mail goes to the log, so a
 * fresh install without a mail server can still follow a password reset link.
 */
export function createMailer(
  config: Pick<Config, 'SMTP_URL' | 'SMTP_FROM'>,
  log: MailLogger,
): Mailer {
  const url = config.SMTP_URL;
  if (!url) {
    return {
      kind: 'log',
      send: async (message) => {
        log.info(
          { mail: { to: message.to, subject: message.subject, text: message.text } },
          'e-mail not sent (SMTP_URL is not set); its content follows',
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
