import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string; html: string; link?: string };
export type Mailer = { send: (message: MailMessage) => Promise<void> };

/**
 * Real mail over SMTP when SMTP_URL is set; otherwise .eml files in DATA_DIR/outbox and a log line.
 * Links carry one-time tokens (reset, sign-in, invitation), so they are logged only at debug level:
 * an info log is read and shipped by more people than the account's owner.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let counter = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await fs.mkdir(options.outboxDir, { recursive: true });
      counter += 1;
      const name = `${Date.now()}-${String(counter).padStart(4, '0')}-${message.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`;
      const file = path.join(options.outboxDir, name);
      // Write then rename, so a reader of the outbox never sees half a message.
      await fs.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.rename(`${file}.tmp`, file);
      options.log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
      if (message.link) options.log.debug({ to: message.to, link: message.link }, 'link of the mail written to outbox');
    },
  };
}
