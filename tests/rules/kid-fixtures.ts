// A child record as the app writes it, for the kids/{kidId} rules tests.
import { serverTimestamp, Timestamp } from 'firebase/firestore'
import { birthMonthFor } from '../../src/shared/records/kid-age'

/** A record id in the app's format (20 letters and digits, as newRandomId makes): 'k1' -> 'k10000…'. */
export const appId = (name: string) => name.replace(/[^A-Za-z0-9]/g, '').padEnd(20, '0')

/** A photo entry as the app writes it: the storage path of one of the owner's photos, in their folder. */
export const photo = (n: number, owner = 'alice') =>
  `images/${owner}/p${n}.jpg-R4nd0mId${String(n).padStart(12, '0')}`

/** A flat photo path, as records saved before the photo folders hold them. */
export const flatPhoto = (n: number, owner = 'alice') =>
  `images/${owner}-p${n}.jpg-R4nd0mId${String(n).padStart(12, '0')}`

/** A record as the app writes it (src/shared/records/kid-record.ts plus the server timestamp). */
export function kidRecord(owner = 'alice', overrides: Record<string, unknown> = {}) {
  return {
    kidName: 'Amara Obi',
    // A new record's age: the month of birth of a child 4 years old; free text only in older records.
    kidAge: '',
    kidBirthMonth: birthMonthFor(4, 0, new Date()),
    kidGender: 'Female',
    disability: false,
    parentName: 'Ngozi Obi',
    parentAge: '34',
    parentPhone: '+234 802 555 0101',
    address: '12 Palm Close\nUyo',
    plan: 'Monthly',
    imgUrls: [photo(1, owner), photo(2, owner)],
    userRef: owner,
    timestamp: serverTimestamp(),
    ...overrides,
  }
}

/** When a child stored by the tests was saved (the record's `timestamp`, as the server would set it). */
export const KID_SAVED_AT = Timestamp.fromMillis(Date.UTC(2026, 10, 20, 9))

/** A stored child record, saved at KID_SAVED_AT (written with the rules off). */
export function storedKidRecord(owner = 'alice', overrides: Record<string, unknown> = {}) {
  return { ...kidRecord(owner, overrides), timestamp: KID_SAVED_AT }
}

/**
 * What a decision names of the record it was made on: its timestamp, and its fields but timestamp and
 * userRef (src/firebase/firebase-centre.ts, decide), and the family it is made for.
 */
export function decidedOn(owner = 'alice', overrides: Record<string, unknown> = {}) {
  const { timestamp: _timestamp, userRef, ...decidedRecord } = kidRecord(owner, overrides)
  // userRef: the family the decision is made for (decision 0035), as staff's app writes it.
  return { decidedOn: KID_SAVED_AT, decidedRecord, userRef }
}
