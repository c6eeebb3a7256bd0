import { useApiQuery } from '../../lib/api/use-api-query';
import { fetchMakes, fetchModels } from './api/quote-api';

/** The makes sold in `year` and the models of `make` that year, from the bundled catalog. */
export function useVehicleOptions(year: number | undefined, make: string | undefined) {
  const makes = useApiQuery(year ? ['makes', year] : null, () => fetchMakes(year ?? 0));
  const models = useApiQuery(year && make ? ['models', year, make] : null, async () => {
    const result = await fetchModels(year ?? 0, make ?? '');
    return result.ok ? { ok: true as const, value: result.value.map((m) => m.model) } : result;
  });
  return {
    makes: makes.state === 'ready' ? makes.data : undefined,
    models: models.state === 'ready' ? models.data : undefined,
    failed: makes.state === 'failed' || models.state === 'failed',
  };
}
