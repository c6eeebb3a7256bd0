import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { USER_ENTITIES } from './user.entity';
import { UserRepository } from './user.repository';
import { UsersService } from './users.service';

@Module({ imports: [TypeOrmModule.forFeature(USER_ENTITIES)], providers: [UserRepository, UsersService], exports: [UsersService] })
export class UsersModule {}
