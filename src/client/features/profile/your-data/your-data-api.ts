import { api } from '../../../lib/api/api-client';
import { callApi } from '../../../lib/api/api-result';
import type { DataExportFile, DataExportState } from '../../../../shared/privacy/data-export-model';

export type { DataExportState };

/** Issue 27: "download my data" (its state is read with My account, page data `['data-export']`). */
const call = <T>(what: string, run: () => Promise<T>) => callApi('data-export', what, run);

export const fetchDataExport = () => call('read', () => api<DataExportState>('/account/data-export'));

export const requestDataExport = () => call('request', () => api<DataExportState>('/account/data-export', { method: 'POST', body: {} }));

/** A file of the customer's copy: a plain link, downloaded with the session's cookie (signed-in owner only). */
export const dataExportFileUrl = (id: string, file: DataExportFile) => `/api/account/data-export/${id}/data.${file}`;
