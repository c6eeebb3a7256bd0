import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { FeatureFlags } from '../../../shared/app-state';

const listeners = new Set<(flags: FeatureFlags) => void>();

/** New values from the flag vendor (LaunchDarkly), once it has loaded. */
export function publishFlags(flags: FeatureFlags): void {
  for (const listener of listeners) listener(flags);
}

const FlagsContext = createContext<FeatureFlags>({});

/** The flags the page was rendered with (the first paint uses them), then the vendor's. */
export function FlagsProvider({ initial, children }: { initial: FeatureFlags; children: ReactNode }) {
  const [flags, setFlags] = useState(initial);
  useEffect(() => {
    listeners.add(setFlags);
    return () => void listeners.delete(setFlags);
  }, []);
  return <FlagsContext.Provider value={flags}>{children}</FlagsContext.Provider>;
}

export function useFlags(): FeatureFlags {
  return useContext(FlagsContext);
}

/** A boolean flag, `fallback` when it is not set. */
export function useFlag(key: string, fallback: boolean): boolean {
  const value = useFlags()[key];
  return typeof value === 'boolean' ? value : fallback;
}
