import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP through nodemailer, e.g. `SMTP_URL=smtps://user:pass@smtp.example.org:465`. */
export function createSmtpMailer(url: string, from: string): Mailer {
  // nodemailer (~28 MB, ~0.5 s to import) is loaded with the first mail, not at every start (decision 060).
  let transport: Promise<Transporter> | undefined;
  return {
    async send(message) {
      transport ??= import('nodemailer').then((m) => (m.default ?? m).createTransport(url));
      await (await transport).sendMail({ from, ...message });
    },
  };
}
