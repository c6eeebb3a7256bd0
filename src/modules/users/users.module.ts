import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from './user.entity';
import { UserRepository } from './user.repository';
import { UsersService } from './users.service';

@Module({ imports: [TypeOrmModule.forFeature([UserEntity])], providers: [UserRepository, UsersService], exports: [UsersService] })
export class UsersModule {}
