import { useTranslation } from '../../i18n/use-translation';
import type { Problems } from '../../../shared/quote/quote-validation';

/**
 * The message for a field's problem in the visitor's language: a field's own wording when it
 * has one (`errors.driver.birthDate.tooYoung`), else the general one (`errors.required`).
 * `as` names the wording to use when the path differs (`drivers.1.birthDate` as `driver.birthDate`).
 */
export function useProblemText(problems: Problems): (path: string, as?: string) => string | undefined {
  const { t } = useTranslation('quote');
  return (path, as) => {
    const problem = problems[path];
    if (!problem) return undefined;
    const field = as ?? path.replace(/\.\d+(?=\.|$)/g, '');
    return t([`errors.${field}.${problem}`, `errors.${problem}`]);
  };
}

export type { FieldError } from '../../components/ui/form-fields';
