import { useEffect, useState } from 'react';
import { fetchMakes, fetchModels } from './api/quote-api';

/** The makes sold in `year` and the models of `make` that year, from the bundled catalog. */
export function useVehicleOptions(year: number | undefined, make: string | undefined) {
  const [makes, setMakes] = useState<string[]>();
  const [models, setModels] = useState<string[]>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    setMakes(undefined);
    if (!year) return;
    let live = true;
    void fetchMakes(year).then((result) => {
      if (!live) return;
      if (result.ok) setMakes(result.value);
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [year]);

  useEffect(() => {
    setModels(undefined);
    if (!year || !make) return;
    let live = true;
    void fetchModels(year, make).then((result) => {
      if (!live) return;
      if (result.ok) setModels(result.value.map((m) => m.model));
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [year, make]);

  return { makes, models, failed };
}
