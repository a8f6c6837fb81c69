import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Deps } from '../../deps.ts';
import { newSecret } from '../../lib/random.ts';
import * as repo from './repository.ts';

export type ToolKey = { kid: string; privateJwk: JWK };

/** Makes a new RS256 signing key for the tool and stores it (decision 038). */
export async function makeToolKey(deps: Pick<Deps, 'db' | 'clock'>): Promise<ToolKey & { publicJwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const kid = newSecret(16);
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  await repo.insertKey(deps.db, {
    kid,
    privateJwk: JSON.stringify(privateJwk),
    publicJwk: JSON.stringify(publicJwk),
    now: deps.clock.now(),
  });
  return { kid, privateJwk, publicJwk };
}

/** The tool's current signing key (deep-linking responses, client assertions), made on first use. */
export async function currentToolKey(deps: Pick<Deps, 'db' | 'clock'>): Promise<ToolKey> {
  const keys = await repo.listKeys(deps.db);
  const current = keys.filter((k) => k.retired_at === null).at(-1);
  if (current) return { kid: current.kid, privateJwk: JSON.parse(current.private_jwk) as JWK };
  return makeToolKey(deps);
}
