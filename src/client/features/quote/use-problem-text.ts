import { useTranslation } from 'react-i18next';
import type { Problems } from '../../../shared/quote/quote-validation';

/**
 * The message for a field's problem in the visitor's language: a field's own wording when it
 * has one (`errors.driver.birthDate.tooYoung`), else the general one (`errors.required`).
 */
export function useProblemText(problems: Problems): (path: string) => string | undefined {
  const { t } = useTranslation('quote');
  return (path) => {
    const problem = problems[path];
    if (!problem) return undefined;
    const field = path.replace(/\.\d+(?=\.|$)/g, '');
    return t([`errors.${field}.${problem}`, `errors.${problem}`]);
  };
}
