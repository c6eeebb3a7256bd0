import { CLAIMS_PHONE } from '../../../shared/claims/claims-contact';
import { usePublicConfig } from '../../app/config-context';
import { useTranslation } from '../../i18n/use-translation';

export interface ProseSection {
  /** The section's id, for a link to it (`/privacy-policy#third-parties`); none: not linked to. */
  anchor?: string;
  heading: string;
  paragraphs?: string[];
  items?: string[];
  table?: { caption: string; head: string[]; rows: string[][] };
}

/**
 * The sections of a text page, from its namespace's "sections" array: a heading, paragraphs,
 * a list, a table. Every string goes through t() with the agency and insurer names, which live
 * in configuration, and the claims number (one constant, shared/claims/claims-contact.ts).
 */
export function ProseSections({ namespace, firstLevel = 2 }: { namespace: string; firstLevel?: 2 | 3 }) {
  const { t } = useTranslation(namespace);
  const { legal: names } = usePublicConfig();
  const legal = { ...names, claimsPhone: CLAIMS_PHONE };
  const sections = t('sections', { returnObjects: true }) as ProseSection[];
  const Heading = firstLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      {sections.map((section, i) => {
        const key = `sections.${i}`;
        return (
          <section key={key} id={section.anchor} aria-labelledby={`${namespace}-s${i}`}>
            <Heading id={`${namespace}-s${i}`}>{t(`${key}.heading`, legal)}</Heading>
            {section.paragraphs?.map((_, j) => (
              <p key={j}>{t(`${key}.paragraphs.${j}`, legal)}</p>
            ))}
            {section.items && (
              <ul>
                {section.items.map((_, j) => (
                  <li key={j}>{t(`${key}.items.${j}`, legal)}</li>
                ))}
              </ul>
            )}
            {section.table && (
              <div className="prose-table">
                <table className="data-table data-table--stacking">
                  <caption>{t(`${key}.table.caption`)}</caption>
                  <thead>
                    <tr>
                      {section.table.head.map((_, j) => (
                        <th key={j} scope="col">
                          {t(`${key}.table.head.${j}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {section.table.rows.map((row, r) => (
                      <tr key={r}>
                        {row.map((_, c) =>
                          c === 0 ? (
                            <th key={c} scope="row">
                              {t(`${key}.table.rows.${r}.${c}`, legal)}
                            </th>
                          ) : (
                            <td key={c}>
                              {/* On a narrow screen each row stacks, its cells named by their column (the header row is hidden there). */}
                              <span className="data-table__label" aria-hidden="true">
                                {t(`${key}.table.head.${c}`)}
                              </span>
                              {t(`${key}.table.rows.${r}.${c}`, legal)}
                            </td>
                          ),
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        );
      })}
    </>
  );
}
