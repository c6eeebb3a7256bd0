import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from './user.entity';
import { DemoSeedService } from './demo-seed.service';
import { UserRepository } from './user.repository';

@Module({ imports: [TypeOrmModule.forFeature([UserEntity])], providers: [UserRepository, DemoSeedService], exports: [UserRepository] })
export class UsersModule {}
