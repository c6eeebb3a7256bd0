import { createHash } from 'node:crypto';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { DeviceRepository, type DeviceRow } from './device.repository';
import { MilesErrorCode, MilesException } from './miles.exception';
import type { Request } from 'express';

export type DeviceRequest = Request & { device: DeviceRow };

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The mobile app's calls: `Authorization: Bearer <device token>`, a live device's. */
@Injectable()
export class DeviceTokenGuard implements CanActivate {
  constructor(private readonly devices: DeviceRepository) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<DeviceRequest>();
    const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(req.headers.authorization ?? '');
    const device = match ? await this.devices.useToken(tokenHash(match[1])) : undefined;
    if (!device) throw new MilesException(MilesErrorCode.DeviceTokenInvalid);
    req.device = device;
    return true;
  }
}
