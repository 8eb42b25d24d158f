import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from '../logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** `logger`: where this mail's lines go instead of the mailer's own (the request's, which names it). */
  send(mail: Mail, logger?: Logger): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Where .eml files go when there is no SMTP server (DATA_DIR/outbox). */
  outboxDir: string;
  logger: Logger;
}

type TransportOptions = Parameters<typeof import('nodemailer').createTransport>[0];

/** nodemailer is a third of the server's code and few starts send a mail: loaded on the first one. */
function lazyTransport(settings: TransportOptions): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(settings),
    ));
}

/** SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file in the outbox and its links are logged. */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = lazyTransport(options.smtpUrl);
    return {
      async send(mail, logger = options.logger) {
        await (await transport()).sendMail({ from: options.from, ...mail });
        logger.info('mail sent', { to: mail.to, subject: mail.subject });
      },
    };
  }
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail, logger = options.logger) {
      const info = await (await transport()).sendMail({ from: options.from, ...mail });
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      logger.info('mail written to outbox (no SMTP_URL)', {
        to: mail.to,
        subject: mail.subject,
        file,
        links,
      });
    },
  };
}
