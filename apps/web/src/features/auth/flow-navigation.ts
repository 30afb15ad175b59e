import type { Role } from '@bridge-talk/contract';
import { useLocation } from 'react-router';

/** What the code screens receive from the previous step through navigation state. */
export interface FlowNavigationState {
  email: string;
  state: string;
}

export function useFlowNavigationState(): FlowNavigationState | null {
  const location = useLocation();
  const value = location.state as Partial<FlowNavigationState> | null;
  return value?.email && value.state ? { email: value.email, state: value.state } : null;
}

export function isRole(value: string | undefined): value is Role {
  return value === 'admin' || value === 'entity';
}
