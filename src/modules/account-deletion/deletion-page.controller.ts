import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { NotCustomerRead } from '../../common/http/on-behalf-marks.decorator';
import { ClientIp } from '../../common/http/request-values.decorator';
import { cspNonce } from '../../common/security/security-headers';
import { localizePath, splitLocalePath } from '../../shared/locale';
import { AccountDeletionService } from './account-deletion.service';
import { deletedPage, linkPage, REFERRER_POLICY } from './deletion-page';
import type { Request, Response } from 'express';

const STATUS = { ready: 200, blocked: 409, unknown: 404, expired: 410, replaced: 410, used: 410, limited: 429 } as const;

/**
 * The page a deletion link opens, /account/delete/<token> (and /es/…), and the one the confirming
 * browser lands on, /account/deleted. Rendered here per request with no script, kept by no
 * cache, indexed by no robot, sent as no other site's Referer. A GET never deletes: mail scanners follow links.
 */
@ApiExcludeController()
@NotCustomerRead('no session is read on these pages: the link page shows the account masked, to whoever holds the link')
@Controller()
export class DeletionPageController {
  constructor(private readonly deletion: AccountDeletionService) {}

  @Get(['account/delete/:token', 'es/account/delete/:token'])
  async link(
    @Param('token') token: string,
    @Query('refused') refused: unknown,
    @Req() req: Request,
    @Res() res: Response,
    @ClientIp() ip: string,
  ): Promise<void> {
    const { locale, path } = splitLocalePath(req.path);
    const frame = { locale, nonce: cspNonce(res), otherLanguagePath: localizePath(path, locale === 'es' ? 'en-US' : 'es') };
    const state = await this.deletion.linkState(token, ip);
    const why = refused === 'other-account' || refused === 'customer-only' ? refused : undefined;
    noTrace(res);
    if (state.kind === 'limited') res.setHeader('Retry-After', String(state.retryAfterSeconds));
    res.status(why ? 403 : STATUS[state.kind]).send(linkPage(frame, state, token, why));
  }

  @Get(['account/deleted', 'es/account/deleted'])
  deleted(@Req() req: Request, @Res() res: Response): void {
    const { locale, path } = splitLocalePath(req.path);
    noTrace(res);
    res.status(200).send(deletedPage({ locale, nonce: cspNonce(res), otherLanguagePath: localizePath(path, locale === 'es' ? 'en-US' : 'es') }));
  }
}

function noTrace(res: Response): void {
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  res.setHeader('Referrer-Policy', REFERRER_POLICY);
}
