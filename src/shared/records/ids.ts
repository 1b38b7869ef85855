// Ids made on the device: a child's record id and each photo's storage name are fixed when the parent
// submits, so every retry of the same submission writes the same record and the same objects.

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A random id like Firestore's own (20 characters of [A-Za-z0-9]). */
export function newRandomId(length = 20): string {
  let id = ''
  while (id.length < length) {
    const bytes = new Uint8Array(length * 2)
    crypto.getRandomValues(bytes)
    // 62 * 4 = 248: dropping bytes >= 248 keeps every character equally likely.
    for (const byte of bytes) if (byte < 248 && id.length < length) id += ID_ALPHABET.charAt(byte % 62)
  }
  return id
}

/** The id of a child record, kids/{kidId}: newRandomId's format, which firestore.rules requires. */
export const KID_ID_PATTERN = /^[A-Za-z0-9]{20}$/

export function isKidId(id: string): boolean {
  return KID_ID_PATTERN.test(id)
}
