import { useAgentDetails } from './use-agent-details';

/** The signed-in agent's name (undefined for anyone else, or while the lookup runs). */
export function useAgentName(): string | undefined {
  return useAgentDetails()?.name;
}
