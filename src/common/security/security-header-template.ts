import { randomBytes } from 'node:crypto';
import { Global, Inject, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { appConfig } from '../../config/app-config';
import { HeaderTemplate } from './header-template';
import { securityHeaders } from './security-headers';
import type { AppConfig } from '../../config/app-config';

/**
 * The security middleware's headers (the HTTP pipeline's "security headers" stage, which the
 * application runs for every answer that reaches Express: src/bootstrap/http-pipeline.ts) worked
 * out once at start-up, for the answers the doors send in front of the framework: pages from
 * memory and behind sign-in, the estimate.
 */
@Injectable()
export class SecurityHeaderTemplate implements OnModuleInit {
  private template?: HeaderTemplate;

  constructor(@Inject(appConfig.KEY) private readonly config: AppConfig) {}

  async onModuleInit(): Promise<void> {
    this.template = await HeaderTemplate.capture(securityHeaders(this.config), `nonce-marker-${randomBytes(8).toString('hex')}`);
  }

  /** Whether start-up has worked the headers out (the doors answer nothing before). */
  get ready(): boolean {
    return this.template !== undefined;
  }

  /** The headers, by lower-case name, under this response's nonce. */
  fill(nonce: string): Record<string, string> {
    return this.template!.fill(nonce);
  }
}

@Global()
@Module({ providers: [SecurityHeaderTemplate], exports: [SecurityHeaderTemplate] })
export class SecurityHeaderTemplateModule {}
