import { CanActivate, Controller, Get, Inject, Injectable, NotFoundException, UseGuards, Param, ParseUUIDPipe, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { NotCustomerRead } from '../../common/http/on-behalf-marks.decorator';
import { RawResponse } from '../../common/http/raw-response.decorator';
import { appConfig } from '../../config/app-config';
import { toLocale, type Locale } from '../../shared/locale';
import { MAILBOX_CSS, renderMailbox, renderMailboxMessage } from './local-mailbox-page';
import { LocalMailboxRepository } from './local-mailbox.repository';
import type { AppConfig } from '../../config/app-config';
import type { Response } from 'express';

/** The mailbox exists only in local mode: with SMTP_URL set its routes are not there (404). */
@Injectable()
class LocalModeOnly implements CanActivate {
  constructor(@Inject(appConfig.KEY) private readonly config: AppConfig) {}

  canActivate(): boolean {
    if (this.config.smtpUrl) throw new NotFoundException('Not found.');
    return true;
  }
}

/**
 * Local mode's mailbox (/dev/mailbox): where a newcomer reads the sign-in link. This
 * controller answers only when SMTP_URL is unset.
 */
@ApiExcludeController()
@RawResponse('pages and files of the local mailbox, not API answers')
@UseGuards(LocalModeOnly)
@NotCustomerRead('the local mailbox of a development machine, never served where customers are')
@Controller('dev')
export class LocalMailboxController {
  constructor(private readonly mailbox: LocalMailboxRepository) {}

  @Get('mailbox.css')
  css(@Res() res: Response): void {
    res.type('css').set('Cache-Control', 'no-cache').send(MAILBOX_CSS);
  }

  @Get('mailbox')
  async list(@Query('lang') lang: string | undefined, @Res() res: Response): Promise<void> {
    const locale: Locale = toLocale(lang) ?? 'en-US';
    res
      .type('html')
      .set('Cache-Control', 'no-store')
      .send(renderMailbox(await this.mailbox.latest(), locale));
  }

  /** An attachment of a message, as the mail client would save it. */
  @Get('mailbox/:id/attachments/:index')
  async attachment(@Param('id', ParseUUIDPipe) id: string, @Param('index') index: string, @Res() res: Response): Promise<void> {
    const file = (await this.mailbox.findById(id))?.attachments?.[Number(index)];
    if (!file || !/^\d+$/.test(index)) throw new NotFoundException('There is no such attachment in the local mailbox.');
    res
      .type(file.contentType)
      .set({ 'Cache-Control': 'no-store', 'Content-Disposition': `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"` })
      .send(Buffer.from(file.contentBase64, 'base64'));
  }

  @Get('mailbox/:id')
  async show(@Param('id', ParseUUIDPipe) id: string, @Query('lang') lang: string | undefined, @Res() res: Response): Promise<void> {
    const mail = await this.mailbox.findById(id);
    if (!mail) throw new NotFoundException('There is no such message in the local mailbox.');
    const locale: Locale = toLocale(lang) ?? 'en-US';
    res.type('html').set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }).send(renderMailboxMessage(mail, locale));
  }
}
