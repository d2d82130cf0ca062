import * as z from 'zod';

/**
 * Runtime configuration, read from Vite env at boot and validated here. A bad value stops the
 * boot with an error page that names the variable (see src/app/config-error-page.tsx).
 */
const nonEmpty = (name: string) => z.string({ error: `${name} is missing` }).trim().min(1, `${name} is empty`);

export const ConfigSchema = z.object({
  backend: z.enum(['mock', 'live'], { error: 'VITE_BACKEND must be "mock" or "live"' }),
  apiBaseUrl: z.url({ error: 'VITE_API_BASE_URL must be an absolute http(s) URL' }),
  firebase: z.object({
    apiKey: nonEmpty('VITE_FIREBASE_API_KEY'),
    authDomain: nonEmpty('VITE_FIREBASE_AUTH_DOMAIN'),
    projectId: nonEmpty('VITE_FIREBASE_PROJECT_ID'),
    appId: nonEmpty('VITE_FIREBASE_APP_ID'),
  }),
});
export type Config = z.infer<typeof ConfigSchema>;

/** The env variable behind each config path, so an error can name what the operator must fix. */
const envNames: Record<string, string> = {
  backend: 'VITE_BACKEND',
  apiBaseUrl: 'VITE_API_BASE_URL',
  'firebase.apiKey': 'VITE_FIREBASE_API_KEY',
  'firebase.authDomain': 'VITE_FIREBASE_AUTH_DOMAIN',
  'firebase.projectId': 'VITE_FIREBASE_PROJECT_ID',
  'firebase.appId': 'VITE_FIREBASE_APP_ID',
};

export interface ConfigProblem {
  variable: string;
  message: string;
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: ConfigProblem[] };

export function parseConfig(env: Record<string, string | boolean | undefined>): ConfigResult {
  const candidate = {
    backend: env.VITE_BACKEND,
    apiBaseUrl: env.VITE_API_BASE_URL,
    firebase: {
      apiKey: env.VITE_FIREBASE_API_KEY,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
      projectId: env.VITE_FIREBASE_PROJECT_ID,
      appId: env.VITE_FIREBASE_APP_ID,
    },
  };
  const result = ConfigSchema.safeParse(candidate);
  if (result.success) {
    const apiBaseUrl = result.data.apiBaseUrl.replace(/\/+$/, '');
    if (!/^https?:\/\//.test(apiBaseUrl)) {
      return { ok: false, problems: [{ variable: 'VITE_API_BASE_URL', message: 'VITE_API_BASE_URL must be an absolute http(s) URL' }] };
    }
    return { ok: true, config: { ...result.data, apiBaseUrl } };
  }
  return {
    ok: false,
    problems: result.error.issues.map((issue) => {
      const path = issue.path.join('.');
      return { variable: envNames[path] ?? path, message: issue.message };
    }),
  };
}
