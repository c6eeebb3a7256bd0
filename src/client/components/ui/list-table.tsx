import type { ReactNode } from 'react';

/**
 * A staff screen's table: scrolls sideways on its own when wide (a labelled, focusable region),
 * one header cell a column and, when `actions` names it, a last column for buttons. The rows are
 * the children; on a phone each becomes a card (admin.css).
 */
export function ListTable({ label, columns, actions, children }: { label: string; columns: string[]; actions?: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="admin-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="visually-hidden">{actions}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
