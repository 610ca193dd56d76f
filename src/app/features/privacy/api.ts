import { call } from '../../shared/lib/http';

/** The company's record of full views of personal information (admins only). */
export const piiViews = (page: number) => call('piiViews', { query: { page } });
