// Collection codes (issue 51; docs/decisions/0070-attendance-records-and-collection-codes.md). Each person
// the enrolment file allows to collect a child has a code of 8 digits, made at random on the parent's
// device (never chosen: a chosen code is a birthday), which the parent sees, shares and changes. Staff may
// ask for it at the door and type it; the door's device checks it offline, and never holds it:
// - collectionCodes/{kidId}: the plain codes, read and written by the child's owner only;
// - codeChecks/{kidId}: per person a verifier (a random salt and PBKDF2-SHA256 of the code over many
//   iterations), written by the owner in the same batch, read by verified staff.
// A lost staff phone holds verifiers only: each costs an attacker a search of 10^8 slow hashes (see the
// decision record for the numbers), while the door checks one code in well under a second.
// The ONE schema shared by the parent's screen, the door, the outbox and the adapter; firestore.rules
// repeats the shapes and limits.

import type { Person } from './enrolment-record'
import { MAX_COLLECTORS } from './enrolment-record'

export const COLLECTION_CODE_DIGITS = 8
/**
 * PBKDF2-SHA256 iterations of a new verifier: 0.17 s in Node on a busy CI core, under a second on a slow
 * phone (4x). Stored with each verifier, so a later change may raise it; firestore.rules refuses fewer
 * than MIN_CODE_HASH_ITERATIONS and more than MAX_CODE_HASH_ITERATIONS (a door must not hang).
 */
export const CODE_HASH_ITERATIONS = 300_000
export const MIN_CODE_HASH_ITERATIONS = 100_000
export const MAX_CODE_HASH_ITERATIONS = 2_000_000
/** Bytes of a salt (base64url: 22 characters) and of a hash (43 characters). */
export const CODE_SALT_BYTES = 16
export const CODE_HASH_BYTES = 32

/** A person's plain code, as only the parent reads it (collectionCodes/{kidId}, `codes`). */
export interface CollectionCode {
  readonly name: string
  readonly relation: string
  /** 8 digits. */
  readonly code: string
}

/** A person's verifier, as staff read it (codeChecks/{kidId}, `people`). */
export interface CodeVerifier {
  readonly name: string
  readonly relation: string
  /** base64url, no padding. */
  readonly salt: string
  readonly hash: string
  readonly iterations: number
}

export const codeMessages = {
  shape: `A collection code is ${COLLECTION_CODE_DIGITS} digits`,
  wrong: 'This code does not match. Ask the person again, or call the parent',
  matches: 'The code matches',
  /** The person is on the list but the parent has not made their code yet. */
  none: 'No code has been made for this person yet: call the parent',
} as const

const CODE = new RegExp(`^[0-9]{${COLLECTION_CODE_DIGITS}}$`)

export function isCollectionCode(value: unknown): value is string {
  return typeof value === 'string' && CODE.test(value)
}

/** A new random code, none of `taken` (the child's other people's codes). */
export function newCollectionCode(taken: readonly string[] = []): string {
  const range = 10 ** COLLECTION_CODE_DIGITS
  // The largest multiple of the range below 2^32: values above it are drawn again (no digit favoured).
  const limit = Math.floor(2 ** 32 / range) * range
  const word = new Uint32Array(1)
  for (;;) {
    crypto.getRandomValues(word)
    const value = word[0] ?? limit
    if (value >= limit) continue
    const code = String(value % range).padStart(COLLECTION_CODE_DIGITS, '0')
    if (!taken.includes(code)) return code
  }
}

/** '4827 1930': as the parent's screen shows it and shares it. */
export function formatCollectionCode(code: string): string {
  return `${code.slice(0, 4)} ${code.slice(4)}`
}

/** What staff typed, digits only ('4827 1930', '4827-1930' -> '48271930'). */
export function typedCode(typed: string): string {
  return typed.replace(/[\s-]/g, '')
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** A new random salt, base64url. */
export function newCodeSalt(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(CODE_SALT_BYTES)))
}

/** PBKDF2-SHA256 of the code with the salt (base64url), 32 bytes, base64url: WebCrypto, on the device. */
export async function hashCollectionCode(
  code: string,
  salt: string,
  iterations: number = CODE_HASH_ITERATIONS,
): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(code), 'PBKDF2', false, [
    'deriveBits',
  ])
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64Url(salt), iterations },
    key,
    CODE_HASH_BYTES * 8,
  )
  return toBase64Url(new Uint8Array(bits))
}

/** The verifier of a person's code, with a new salt. */
export async function newCodeVerifier(
  person: Pick<Person, 'name' | 'relation'>,
  code: string,
  iterations: number = CODE_HASH_ITERATIONS,
): Promise<CodeVerifier> {
  const salt = newCodeSalt()
  return {
    name: person.name,
    relation: person.relation,
    salt,
    iterations,
    hash: await hashCollectionCode(code, salt, iterations),
  }
}

/**
 * Whether what staff typed is the person's code, checked on the device with no connection. Anything but
 * 8 digits (after spaces and dashes) is false without hashing; a verifier whose iterations are out of
 * bounds is never run (a door must not hang on a record nobody should have written).
 */
export async function checkCollectionCode(typed: string, verifier: CodeVerifier): Promise<boolean> {
  const code = typedCode(typed)
  if (!isCollectionCode(code)) return false
  if (!validIterations(verifier.iterations)) return false
  const hash = await hashCollectionCode(code, verifier.salt, verifier.iterations)
  // Compared in full whatever differs first: the door's answer takes as long for any wrong code.
  let differ = hash.length ^ verifier.hash.length
  for (let i = 0; i < Math.min(hash.length, verifier.hash.length); i += 1)
    differ |= hash.charCodeAt(i) ^ verifier.hash.charCodeAt(i)
  return differ === 0
}

function validIterations(iterations: number): boolean {
  return (
    Number.isInteger(iterations) &&
    iterations >= MIN_CODE_HASH_ITERATIONS &&
    iterations <= MAX_CODE_HASH_ITERATIONS
  )
}

const key = (person: Pick<Person, 'name' | 'relation'>) =>
  `${person.name.trim().toLowerCase()}|${person.relation.trim().toLowerCase()}`

/** The entry for a person of the file (by name and relation, case and outer spaces aside), if any. */
export function entryFor<T extends Pick<Person, 'name' | 'relation'>>(
  entries: readonly T[],
  person: Pick<Person, 'name' | 'relation'>,
): T | null {
  return entries.find((entry) => key(entry) === key(person)) ?? null
}

/**
 * The codes of the file's collectors: a person already holding one keeps it, a new person gets a new
 * one, a person no longer in the file loses theirs; `change` names a person whose code is made anew.
 */
export function codesForCollectors(
  collectors: readonly Pick<Person, 'name' | 'relation'>[],
  existing: readonly CollectionCode[],
  change: Pick<Person, 'name' | 'relation'> | null = null,
): CollectionCode[] {
  const codes: CollectionCode[] = []
  for (const person of collectors.slice(0, MAX_COLLECTORS)) {
    if (person.name.trim() === '' || entryFor(codes, person)) continue
    const kept = change && key(change) === key(person) ? null : entryFor(existing, person)
    const taken = [...codes, ...existing].map((entry) => entry.code)
    codes.push({ name: person.name, relation: person.relation, code: kept?.code ?? newCollectionCode(taken) })
  }
  return codes
}

/** The verifiers of `codes`: an unchanged code keeps its verifier (no new hash), others get new ones. */
export async function verifiersFor(
  codes: readonly CollectionCode[],
  before: { readonly codes: readonly CollectionCode[]; readonly verifiers: readonly CodeVerifier[] },
): Promise<CodeVerifier[]> {
  return Promise.all(
    codes.map(async (entry) => {
      const old = entryFor(before.codes, entry)
      const verifier = entryFor(before.verifiers, entry)
      return old?.code === entry.code && verifier ? verifier : newCodeVerifier(entry, entry.code)
    }),
  )
}

// --- Reading what is stored ---

const BASE64URL = (bytes: number) => new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`)

/** The plain codes of collectionCodes/{kidId} (the parent's), without entries this app never writes. */
export function parseCollectionCodes(data: unknown): CollectionCode[] {
  const codes = (data as { codes?: unknown } | null)?.codes
  if (!Array.isArray(codes)) return []
  return codes.flatMap((c) => {
    const v = c as Record<string, unknown> | null
    return v && typeof v.name === 'string' && typeof v.relation === 'string' && isCollectionCode(v.code)
      ? [{ name: v.name, relation: v.relation, code: v.code }]
      : []
  })
}

/** The verifiers of codeChecks/{kidId} (what the door reads), without entries it could not check. */
export function parseCodeVerifiers(data: unknown): CodeVerifier[] {
  const people = (data as { people?: unknown } | null)?.people
  if (!Array.isArray(people)) return []
  return people.flatMap((p) => {
    const v = p as Record<string, unknown> | null
    return v &&
      typeof v.name === 'string' &&
      typeof v.relation === 'string' &&
      typeof v.salt === 'string' &&
      BASE64URL(CODE_SALT_BYTES).test(v.salt) &&
      typeof v.hash === 'string' &&
      BASE64URL(CODE_HASH_BYTES).test(v.hash) &&
      typeof v.iterations === 'number' &&
      validIterations(v.iterations)
      ? [{ name: v.name, relation: v.relation, salt: v.salt, hash: v.hash, iterations: v.iterations }]
      : []
  })
}
