/** The route being shown, given by the router to pages and shell parts (title, params). */
import { createContext, useContext } from 'react';

export interface CurrentRoute {
  name: string;
  title: string;
  params: Record<string, string | undefined>;
  /** decoded title/name parameter (a job or task name), if any */
  subtitle?: string;
}

export const CurrentRouteContext = createContext<CurrentRoute>({ name: '', title: '', params: {} });

export function useCurrentRoute(): CurrentRoute {
  return useContext(CurrentRouteContext);
}
