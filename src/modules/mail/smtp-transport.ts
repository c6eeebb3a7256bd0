import nodemailer, { type Transporter } from 'nodemailer';
import { MailTransport } from './mail-transport';
import type { MailMessage } from './mail-message';

export class SmtpTransport extends MailTransport {
  private readonly transporter: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    this.transporter = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    const { attachments, ...rest } = message;
    await this.transporter.sendMail({
      from: this.from,
      ...rest,
      attachments: attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.contentBase64, encoding: 'base64' })),
    });
  }
}
