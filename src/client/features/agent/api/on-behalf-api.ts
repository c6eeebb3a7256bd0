import { api } from '../../../lib/api/api-client';
import { callApi } from '../../../lib/api/api-result';

const post = (what: string, path: string, body: object) => callApi('agent', `on-behalf ${what}`, () => api<unknown>(path, { method: 'POST', body }), true);

export const startOnBehalf = (email: string) => post('start', '/agent/on-behalf', { email });
export const stopOnBehalf = () => post('stop', '/agent/on-behalf/stop', {});
