// The public entry of the users module: what other modules, src/bootstrap, src/app.module.ts and scripts/ may
// import from it. The rest of this folder is the module's own (.dependency-cruiser.cjs, npm run lint).
export { USER_ENTITIES, UserEntity } from './user.entity';
export { UsersModule } from './users.module';
export { UsersService } from './users.service';
