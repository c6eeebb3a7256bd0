import { api } from '../../../lib/api/api-client';
import { callApi } from '../../../lib/api/api-result';

const post = (path: string, body: object) => callApi('agent', 'on-behalf', () => api<unknown>(path, { method: 'POST', body }), true);

export const startOnBehalf = (email: string) => post('/agent/on-behalf', { email });
export const stopOnBehalf = () => post('/agent/on-behalf/stop', {});
