import { createContext, useContext } from 'react';
import type { PublicConfig } from '../../shared/app-state';

export const ConfigContext = createContext<PublicConfig | undefined>(undefined);

export function usePublicConfig(): PublicConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('usePublicConfig requires Config context!');
  return config;
}
