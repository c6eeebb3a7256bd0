import { Module } from '@nestjs/common';
import { AgentModule } from '../agent';
import { UsersModule } from '../users';
import { DemoSeedService } from './demo-seed.service';

@Module({ imports: [UsersModule, AgentModule], providers: [DemoSeedService] })
export class SeedModule {}
