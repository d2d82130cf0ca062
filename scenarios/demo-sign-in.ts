/**
 * The demo sign-in of every scenario (each scenario's first operator signs in with it). Its own
 * module so that mock mode's light entry (mocks/index.tsx) can show it on the sign-in screen
 * without loading the scenarios themselves.
 */
export const DEMO_SIGN_IN = { email: 'demo@store.test', password: 'demo1234' } as const;
