import { startBuiltServer } from './server-process';

export const OWNER = { email: 'owner@e2e.test', password: 'owner-e2e-password' };
export const VIEWER = { email: 'viewer@e2e.test', password: 'viewer-e2e-password' };
export const MEMBER = { email: 'member@e2e.test', password: 'member-e2e-password' };

/**
 * Starts the built server for the whole run and hands its address to the tests through
 * TESSERA_BASE_URL (and its data folder through TESSERA_DATA_DIR). Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startBuiltServer({
    OWNER_EMAIL: OWNER.email,
    OWNER_PASSWORD: OWNER.password,
    VIEWER_EMAIL: VIEWER.email,
    VIEWER_PASSWORD: VIEWER.password,
    MEMBER_EMAIL: MEMBER.email,
    MEMBER_PASSWORD: MEMBER.password,
    FORM_RATE_LIMIT: '3',
    // Every test's browser comes from 127.0.0.1: the per-address limits would count them all as one visitor.
    FORM_ADDRESS_RATE_LIMIT: '1000000',
    FORM_KEY_RATE_LIMIT: '1000000',
  });
  process.env.TESSERA_BASE_URL = server.baseUrl;
  process.env.TESSERA_DATA_DIR = server.dataDir;
  return server.stop;
}
