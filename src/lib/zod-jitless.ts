import * as z from 'zod/v4';

/**
 * What `import * as z from 'zod'` resolves to in the builds (vite.config.ts): zod, told before any
 * schema exists not to compile parsers with `new Function`. The console's Content-Security-Policy
 * forbids that anyway, and zod's probe for it (made as the first object schema is built, caught
 * and harmless) is still reported as a policy violation: browsers log it and Lighthouse's best
 * practices count it. Setting it here, in the module every schema module imports zod through,
 * is the only place that runs before every schema whatever order the chunks load in.
 */
z.config({ jitless: true });

export * from 'zod/v4';
