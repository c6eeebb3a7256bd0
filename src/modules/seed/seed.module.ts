import { Module } from '@nestjs/common';
import { AgentModule } from '../agent/agent.module';
import { UsersModule } from '../users/users.module';
import { DemoSeedService } from './demo-seed.service';

@Module({ imports: [UsersModule, AgentModule], providers: [DemoSeedService] })
export class SeedModule {}
