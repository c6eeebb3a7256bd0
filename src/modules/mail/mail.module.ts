import { Module } from '@nestjs/common';
import { appConfig } from '../../config/app-config';
import { LocalMailboxTransport } from './local-mailbox-transport';
import { LocalMailboxController } from './local-mailbox.controller';
import { LocalMailboxRepository } from './local-mailbox.repository';
import { MailRenderers } from './mail-renderers';
import { MailTransport } from './mail-transport';
import { MailService } from './mail.service';
import { SmtpTransport } from './smtp-transport';
import type { AppConfig } from '../../config/app-config';

/**
 * Mail through nodemailer to SMTP_URL, or, when it is unset (local mode), into the local
 * mailbox with its page at /dev/mailbox, which answers 404 whenever SMTP_URL is set.
 */
@Module({
  controllers: [LocalMailboxController],
  providers: [
    LocalMailboxRepository,
    MailRenderers,
    MailService,
    {
      provide: MailTransport,
      inject: [appConfig.KEY, LocalMailboxRepository],
      useFactory: (config: AppConfig, mailbox: LocalMailboxRepository): MailTransport =>
        config.smtpUrl ? new SmtpTransport(config.smtpUrl, config.mailFrom) : new LocalMailboxTransport(mailbox, `${config.publicUrl}/dev/mailbox`),
    },
  ],
  exports: [MailService],
})
export class MailModule {}
