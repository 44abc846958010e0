import type { RouteDef } from '@erapor/contract/routes';
import { useRouterState } from '@tanstack/react-router';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The contract's record of this route (title, breadcrumb, resource, add button...). */
    def?: RouteDef;
  }
}

/** The contract record of the route on screen (the deepest match). */
export function useRouteDef(): RouteDef | undefined {
  return useRouterState({ select: (s) => s.matches[s.matches.length - 1]?.staticData?.def });
}
