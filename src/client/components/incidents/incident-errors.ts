import { useTranslation } from '../../i18n/use-translation';
import type { Problems } from '../../../shared/quote/quote-validation';
import type { FieldError } from '../ui/form-fields';

/** Where a form's problems name the incidents: the list's path (`incidents`, `drivers.1.incidents`) and the yes/no's. */
export interface IncidentPaths {
  list: string;
  any: string;
}

/**
 * The words for the shared rules' incident problems (src/shared/quote/quote-validation.ts), in
 * the visitor's language, as IncidentFields asks for them: 'any', 'list', '<n>.type', '<n>.date'.
 * Call it once and pick the paths per list (a form may hold several drivers' incidents).
 */
export function useIncidentErrors(problems: Problems): (paths: IncidentPaths) => FieldError {
  const { t } = useTranslation('incidents');
  return ({ list, any }) =>
    (field) => {
      if (field === 'any') return problems[any] && t([`errors.any.${problems[any]}`, `errors.${problems[any]}`]);
      if (field === 'list') return problems[list] && t([`errors.list.${problems[list]}`, `errors.${problems[list]}`]);
      const problem = problems[`${list}.${field}`];
      // '<n>.date' is worded as 'date'.
      return problem && t([`errors.${field.replace(/^\d+\./, '')}.${problem}`, `errors.${problem}`]);
    };
}
