import type { AuditRecord } from '../audit';

const COLUMNS = ['at', 'actor_email', 'actor_role', 'customer_email', 'action', 'target', 'correlation_id', 'changes'] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, its quotes
 * doubled. A cell a spreadsheet would read as a formula (starting =, +, -, @, or a tab or
 * carriage return that some strip first) is prefixed with ' so it stays text.
 */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The audit log as CSV: a header row, then one row per entry, CRLF line ends, UTF-8 with a BOM (for spreadsheets). */
export function auditCsv(records: readonly AuditRecord[]): string {
  const lines = [COLUMNS.join(',')];
  for (const r of records) {
    const at = r.at instanceof Date ? r.at.toISOString() : String(r.at);
    lines.push(
      [at, r.actorEmail, r.actorRole, r.customerEmail, r.action, r.target, r.correlationId, r.changes?.length ? JSON.stringify(r.changes) : null]
        .map(csvCell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
