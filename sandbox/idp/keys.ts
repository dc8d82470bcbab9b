import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose'

/** ES256: a P-256 key is made in a millisecond, where an RSA key costs a good part of the start-up budget. */
export const SIGNING_ALG = 'ES256'

export interface IdpKeys {
  /** Private signing key in JWK form, as oidc-provider wants it. */
  privateJwk: JWK
  publicJwk: JWK
  kid: string
  privateKey: CryptoKey
}

let keys: Promise<IdpKeys> | undefined

async function generate(): Promise<IdpKeys> {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true })
  const publicJwk = await exportJWK(publicKey)
  const kid = await calculateJwkThumbprint(publicJwk)
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG, use: 'sig' }
  return { privateJwk, publicJwk: { ...publicJwk, kid, alg: SIGNING_ALG, use: 'sig' }, kid, privateKey }
}

/**
 * The identity provider's signing key, made once per process, so tests that start several sandboxes
 * share it and can forge tokens with the real key.
 */
export function idpKeys(): Promise<IdpKeys> {
  keys ??= generate()
  return keys
}
