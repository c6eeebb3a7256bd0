import { Module } from '@nestjs/common';
import { FeatureFlagsRepository } from './feature-flags.repository';
import { FeatureFlagsService } from './feature-flags.service';

@Module({ providers: [FeatureFlagsService, FeatureFlagsRepository], exports: [FeatureFlagsService] })
export class FeatureFlagsModule {}
