import { Global, Module } from '@nestjs/common';
import { appSecretsProvider, APP_SECRETS } from './secrets.provider';

@Global()
@Module({ providers: [appSecretsProvider], exports: [APP_SECRETS] })
export class SecretsModule {}
