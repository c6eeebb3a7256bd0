import { request } from '../../../lib/api/request';
import { createLogger } from '../../../lib/telemetry/logger';
import { toFailure, type ApiFailure } from '../../../lib/api/api-result';

type Result = { success: true } | { success: false; error: ApiFailure };

async function post(path: string, body: object): Promise<Result> {
  try {
    await request(path, { method: 'POST', body });
    return { success: true };
  } catch (error) {
    const failure = await toFailure(error);
    createLogger('agent').warn('on-behalf failed', { status: failure.status, code: failure.code });
    return { success: false, error: failure };
  }
}

export const startOnBehalf = (email: string) => post('/agent/on-behalf', { email });
export const stopOnBehalf = () => post('/agent/on-behalf/stop', {});
