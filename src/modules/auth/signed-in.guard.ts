import { CanActivate, Injectable } from '@nestjs/common';
import { signedInActor } from './signed-in.decorator';

/** Lets through only a request whose session is signed in (401 in the envelope otherwise). */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(): boolean {
    signedInActor();
    return true;
  }
}
