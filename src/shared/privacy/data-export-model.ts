import type { PrivacyRequestView } from './privacy-request-model';

/**
 * "Download my data" (issue 27): what My account shows of the customer's copy of their data, and
 * the export file's format name and version (docs/decisions.md, "Issue 27: download my data").
 */

/** Days a made export is kept for its owner to download; then it is deleted. */
export const DATA_EXPORT_KEEP_DAYS = 7;
/** Copies a customer may ask for in 12 months (CPRA and TDPSA oblige two a year free of charge). */
export const DATA_EXPORTS_PER_YEAR = 2;
/** The JSON file's `format` and `version`: a reader of the file checks both. */
export const DATA_EXPORT_FORMAT = 'meterly-data-export';
export const DATA_EXPORT_VERSION = 1;

/** The files of a copy: the JSON and the PDF as made, and a ZIP of both with the photos (made when asked). */
export type DataExportFile = 'json' | 'pdf' | 'zip';

/** GET /api/account/data-export: the customer's copy (being prepared, ready until a date, or none) and their privacy requests. */
export interface DataExportState {
  /** `preparing`: an access request is open and its files are not made yet; `ready`: files to download until `ready.expiresAt`. */
  status: 'none' | 'preparing' | 'ready';
  ready: { id: string; createdAt: string; expiresAt: string } | null;
  /** The access request being answered, when one is open. */
  openRequestId: string | null;
  /** How many more copies may be asked for now (DATA_EXPORTS_PER_YEAR in any 12 months). */
  remaining: number;
  /** The customer's privacy requests of every kind, newest first. */
  requests: PrivacyRequestView[];
}
