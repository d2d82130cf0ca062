/**
 * The two answer shapes the live journeys run against, and where each one's services listen. The
 * platform and emulator ports are fixed because the live build carries them (VITE_API_BASE_URL,
 * VITE_FIREBASE_AUTH_EMULATOR_URL); each emulator also takes the next two ports (hub, logging).
 */
export const LIVE_SHAPES = ['full', 'spec-minimal'] as const;
export type LiveShape = (typeof LIVE_SHAPES)[number];

export const LIVE_PORTS: Record<LiveShape, { api: number; identity: number }> = {
  full: { api: 4311, identity: 9311 },
  'spec-minimal': { api: 4312, identity: 9321 },
};

export interface LiveTarget {
  shape: LiveShape;
  /** The live build, served like a static host. */
  consoleUrl: string;
  /** Where that build expects the platform API (the journeys file starts the mock there). */
  apiPort: number;
  /** The Firebase Auth emulator that build signs in with. */
  emulatorUrl: string;
  projectId: string;
}
