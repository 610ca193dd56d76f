import { z } from 'zod';

/**
 * The console runs under a CSP without 'unsafe-eval' (server/http/security.ts). Zod compiles fast
 * parsers with `new Function` after probing whether eval works; the probe alone is reported as a
 * CSP violation. Jitless parsing never probes. Imported first by contract/common.ts and contract/endpoints.ts (every schema the console
 * parses comes through one of them), so zod stays off the first route.
 */
z.config({ jitless: true });
