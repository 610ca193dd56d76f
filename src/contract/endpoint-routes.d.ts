/**
 * The endpoint table's routes without its schemas, generated from the table when the console is
 * built (scripts/vite-endpoint-routes.ts); typed by name in src/app/shared/lib/http.ts.
 */
declare module 'virtual:endpoint-routes' {
  export const routes: Readonly<Record<string, { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; auth: boolean; silent?: boolean }>>;
}
