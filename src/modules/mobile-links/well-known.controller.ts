import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { NotCustomerRead } from '../../common/http/on-behalf-marks.decorator';
import { RawResponse } from '../../common/http/raw-response.decorator';
import { appConfig } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';

/** Paths the apps open instead of the browser (universal links / app links). */
const APP_PATHS = ['/app-link', '/app-link/*', '/web-login', '/web-login/*'];

/** The files iOS and Android fetch to trust our links to the apps, from configuration. */
@ApiExcludeController()
@RawResponse('iOS and Android read these files in their own format')
@NotCustomerRead('the app-link files, no customer data')
@Controller('.well-known')
export class WellKnownController {
  constructor(@Inject(appConfig.KEY) private readonly config: AppConfig) {}

  @Get('apple-app-site-association')
  @Header('Content-Type', 'application/json')
  @Header('Cache-Control', 'public, max-age=3600')
  appleAppSiteAssociation(): object {
    return {
      applinks: {
        details: [{ appIDs: [this.config.mobile.appleAppId], components: APP_PATHS.map((path) => ({ '/': path })) }],
      },
      webcredentials: { apps: [this.config.mobile.appleAppId] },
    };
  }

  @Get('assetlinks.json')
  @Header('Cache-Control', 'public, max-age=3600')
  assetLinks(): object[] {
    return [
      {
        relation: ['delegate_permission/common.handle_all_urls', 'delegate_permission/common.get_login_creds'],
        target: {
          namespace: 'android_app',
          package_name: this.config.mobile.androidPackage,
          sha256_cert_fingerprints: this.config.mobile.androidCertFingerprints,
        },
      },
    ];
  }
}
