// A child's enrolment file in 'Download my data' (docs/decisions/0032-enrolment-file.md): enrolment.json
// (what this device keeps unsent, else the server's file) and its documents, read from this device when
// they wait to be uploaded, else from the parent's private folder with their credentials; and the
// collection codes of the people it allows (collection-codes.json, decision 0079), as the parent reads
// them (the verifiers are made from them: nothing more of the family's).
import type { OutboxRuntime } from '#parent/outbox/outbox-runtime'
import { firstSnapshot } from '#shared/backend/first-snapshot'
import { formatCollectionCode } from '#shared/records/collection-code'
import {
  type Consent,
  type EnrolmentDocument,
  type EnrolmentFields,
  enrolmentFieldsOf,
  type StoredEnrolment,
} from '#shared/records/enrolment-record'
import { shownFileName } from '#shared/records/enrolment-shown'

const EXTENSION = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' } as const

const when = (consent: Consent | null) => consent && { ...consent, at: new Date(consent.at).toISOString() }

/** The file's entries of the zip (under `folder`), and the paths of documents that could not be read. */
export async function enrolmentEntries(
  runtime: OutboxRuntime,
  kidId: string,
  userId: string,
  folder: string,
  json: (value: unknown) => Uint8Array,
): Promise<{ readonly files: Record<string, Uint8Array>; readonly missing: string[] }> {
  const local = await runtime.enrolments.rowOf(kidId)
  const server = local
    ? null
    : await firstSnapshot<StoredEnrolment | null>(
        (next) =>
          runtime.backend.registrations.watchEnrolment(kidId, userId, (file) =>
            next(file === 'forbidden' ? null : file),
          ),
        5_000,
        null,
      )
  const fields: EnrolmentFields | null = local?.fields ?? (server ? enrolmentFieldsOf(server) : null)
  if (!fields) return { files: {}, missing: [] }
  const files: Record<string, Uint8Array> = {}
  const missing: string[] = []
  const names: Record<string, string | null> = {}
  const documents: readonly (readonly [string, EnrolmentDocument | null])[] = [
    ['action-plan', fields.actionPlan],
    ['immunisation-record', fields.immunisation],
  ]
  for (const [label, doc] of documents) {
    names[label] = null
    if (!doc) continue
    const name = `enrolment-${label}.${EXTENSION[doc.type]}`
    const kept = await runtime.enrolments.documentBytes(doc.path)
    const bytes = kept
      ? new Uint8Array(kept.data)
      : await runtime.backend.photos
          .download(doc.path)
          .then(async (blob) => new Uint8Array(await blob.arrayBuffer()))
          .catch(() => null)
    if (bytes) {
      files[`${folder}/${name}`] = bytes
      names[label] = name
    } else missing.push(`${folder}/${name}`)
  }
  files[`${folder}/enrolment.json`] = json({
    ...fields,
    actionPlan: fields.actionPlan && {
      fileName: shownFileName(fields.actionPlan),
      file: names['action-plan'],
    },
    immunisation: fields.immunisation && {
      fileName: shownFileName(fields.immunisation),
      file: names['immunisation-record'],
    },
    photoConsent: when(fields.photoConsent),
    medicalConsent: when(fields.medicalConsent),
    policiesConsent: when(fields.policiesConsent),
    status: local ? 'waiting on this device' : 'saved',
    savedAt: server?.savedAt ? new Date(server.savedAt).toISOString() : null,
  })
  const waiting = await runtime.codes.rowOf(kidId)
  const codes = waiting ?? (await runtime.codes.current(kidId).catch(() => null))
  if (codes && codes.codes.length > 0)
    files[`${folder}/collection-codes.json`] = json({
      codes: codes.codes.map(({ name, relation, code }) => ({
        name,
        relation,
        code: formatCollectionCode(code),
      })),
      status: waiting ? 'waiting on this device' : 'saved',
    })
  return { files, missing }
}
