import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { NotCustomerRead } from '../../common/http/on-behalf-marks.decorator';
import { localizePath, splitLocalePath } from '../../shared/locale';
import { findPage } from '../../shared/site-map';
import { PagePipeline } from './page-pipeline';
import type { Request, Response } from 'express';

/** Every path that is not an API route or a file is a page, rendered on the server. */
@ApiExcludeController()
// A page embeds the session's view (as GET /api/session) and, for a customer's own session only, the
// page's API answers (PageDataRegistry); while staff act for a customer every read comes by the API, recorded each.
@NotCustomerRead('a page embeds only the session view while staff act for a customer; the customer data it shows comes by API reads, recorded each')
@Controller()
export class SsrController {
  constructor(private readonly pages: PagePipeline) {}

  @Get('{*path}')
  async page(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (req.path === '/api' || req.path.startsWith('/api/')) {
      throw new NotFoundException(`There is no API route ${req.method} ${req.path}.`);
    }
    if (req.path.length > 1 && req.path.endsWith('/')) {
      // One URL per page. The target is rebuilt as a single-slash path so it stays on our origin.
      const clean = '/' + req.path.replace(/^\/+|\/+$/g, '');
      const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
      res.redirect(301, clean + query);
      return;
    }
    const { locale, path } = splitLocalePath(req.path);
    if (path === '/offline-card') {
      // The ID card kept offline is the service worker's page (src/client/offline, issue 27); a
      // browser without it (none installed yet, or no service workers) gets My Account instead.
      res.redirect(302, localizePath('/profile', locale));
      return;
    }
    const page = findPage(path);
    if (page?.access === 'sign-in' && !req.session?.userId) {
      // Spec §2: sign-in required. The page asked for comes back after sign-in.
      res.redirect(302, `${localizePath('/login', locale)}?redirect=${encodeURIComponent(req.originalUrl)}`);
      return;
    }
    await this.pages.render(req, res, page);
  }
}
