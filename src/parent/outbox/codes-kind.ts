// Collection codes (issue 51; docs/decisions/0070, 0079): jobs of kind 'collection-codes' of the outbox
// engine (decision 0067), owned by the parent, one per child (its id `collection-codes/${kidId}`, its
// lane the child). The codes are made on this device (never chosen by the parent) when the file's
// people change or the parent asks for a new one, hashed here (PBKDF2, WebCrypto: async, off the
// click's frame), and the job carries the whole pair: the plain codes and their verifiers. A newer
// change replaces the job kept (its rev makes the engine send it again). The write is one batch
// (collectionCodes/{kidId} and codeChecks/{kidId}); offline it waits in Firestore's queue, and the page
// shows the codes from the job meanwhile. The rules want the family's enrolment file on the server
// first: refused while this child's file still waits on the device, the job tries again later; refused
// otherwise, it is kept, failed, for the page to say so.
import type { ChildDayPort, StoredCodes } from '#shared/backend/child-day-ports'
import { BackendError, isPermanentFailure, WRONG_ACCOUNT } from '#shared/backend/kids-ports'
import type { Job } from '#shared/outbox/job'
import type { KindHandler, OutboxEngine } from '#shared/outbox/outbox-engine'
import {
  type CodeVerifier,
  type CollectionCode,
  codesForCollectors,
  verifiersFor,
} from '#shared/records/collection-code'
import type { Person } from '#shared/records/enrolment-record'
import { ENROLMENT_KIND, enrolmentJobId } from './enrolment-kind'

export const CODES_KIND = 'collection-codes'

/** Why the codes stay unsent for good: the rules refused them. */
export const CODES_REFUSED = 'The codes could not be saved: the enrolment file must reach the centre first'

export function codesJobId(kidId: string): string {
  return `collection-codes/${kidId}`
}

export interface CodesPayload {
  readonly kidId: string
  readonly codes: readonly CollectionCode[]
  readonly verifiers: readonly CodeVerifier[]
}

/** A child's codes kept on the device as the page reads them. */
export interface CodesRow {
  readonly kidId: string
  readonly codes: readonly CollectionCode[]
  /** queued: kept on this device until sent; refused: kept for the parent to read. */
  readonly state: 'queued' | 'refused'
  readonly error: string | null
}

type Who = Pick<Person, 'name' | 'relation'>

function rowOf(job: Job<CodesPayload>): CodesRow {
  return {
    kidId: job.payload.kidId,
    codes: job.payload.codes,
    state: job.state === 'failed' ? 'refused' : 'queued',
    error: job.error,
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

const sameCodes = (a: readonly CollectionCode[], b: readonly CollectionCode[]) =>
  a.length === b.length &&
  a.every((entry, i) => {
    const other = b[i]
    return other?.name === entry.name && other.relation === entry.relation && other.code === entry.code
  })

/** `fileWaiting(kidId)`: whether this child's enrolment file still waits on the device. */
export function codesHandler(
  port: ChildDayPort,
  fileWaiting: (kidId: string) => Promise<boolean>,
): KindHandler<CodesPayload> {
  return {
    lane: (job) => job.payload.kidId,
    async run(job) {
      const { kidId, codes, verifiers } = job.payload
      try {
        await port.saveCollectionCodes(kidId, codes, verifiers, { asUser: job.owner })
        return { type: 'done' }
      } catch (error) {
        if (error instanceof BackendError && error.code === WRONG_ACCOUNT) return { type: 'stopped' }
        if (!isPermanentFailure(error)) return { type: 'retry', error: describe(error) }
        // The file goes first (the rules read it): its job has not reached the server yet.
        if (await fileWaiting(kidId).catch(() => false))
          return { type: 'retry', error: 'The enrolment file is not sent yet' }
        return { type: 'failed', error: CODES_REFUSED, keep: true }
      }
    },
  }
}

export class CollectionCodes {
  /** One change at a time: each reads what the one before left. */
  private chain: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly jobs: OutboxEngine,
    private readonly port: ChildDayPort,
  ) {
    jobs.register(
      CODES_KIND,
      codesHandler(port, async (kidId) =>
        (await jobs.list(ENROLMENT_KIND)).some(
          (job) => job.id === enrolmentJobId(kidId) && job.state === 'queued',
        ),
      ),
    )
  }

  /**
   * The file's people were saved: a new person gets a code, a removed person loses theirs (and its
   * check), the others keep theirs. Nothing is written when nothing changed.
   */
  follow(userId: string, kidId: string, collectors: readonly Who[]): Promise<void> {
    return this.queue(() => this.write(userId, kidId, collectors, null))
  }

  /** 'Change code': a new code for `person` (a new salt and hash: the old code stops matching). */
  change(userId: string, kidId: string, collectors: readonly Who[], person: Who): Promise<void> {
    return this.queue(() => this.write(userId, kidId, collectors, person))
  }

  /** The codes this device knows: its own job's, else the server's (or the cache's offline). */
  async current(kidId: string): Promise<StoredCodes | null> {
    const job = await this.job(kidId)
    if (job) return { codes: job.payload.codes, verifiers: job.payload.verifiers }
    return this.port.readCollectionCodes(kidId)
  }

  /** The child's codes kept on this device, unsent or refused (for a live query). */
  async rowOf(kidId: string): Promise<CodesRow | null> {
    const job = await this.job(kidId)
    return job ? rowOf(job) : null
  }

  /** A parent's codes kept on this device. */
  async rowsOfUser(userId: string): Promise<CodesRow[]> {
    return (await this.jobs.list<CodesPayload>(CODES_KIND, userId)).map(rowOf)
  }

  /** Forgets a child's codes kept on the device (a refused change, once read). */
  async dismiss(kidId: string): Promise<void> {
    await this.jobs.remove(codesJobId(kidId))
  }

  private async job(kidId: string): Promise<Job<CodesPayload> | undefined> {
    return (await this.jobs.list<CodesPayload>(CODES_KIND)).find((kept) => kept.id === codesJobId(kidId))
  }

  private queue(step: () => Promise<void>): Promise<void> {
    const next = this.chain.then(step)
    this.chain = next.catch(() => undefined)
    return next
  }

  private async write(
    userId: string,
    kidId: string,
    collectors: readonly Who[],
    change: Who | null,
  ): Promise<void> {
    const before = (await this.current(kidId)) ?? { codes: [], verifiers: [] }
    const codes = codesForCollectors(collectors, before.codes, change)
    if (!change && sameCodes(codes, before.codes)) return
    // 300,000 rounds of PBKDF2 per new code: WebCrypto's, awaited, never on the click's frame.
    const verifiers = await verifiersFor(codes, before)
    const payload: CodesPayload = { kidId, codes, verifiers }
    await this.jobs.addOrUpdate<CodesPayload>(
      { id: codesJobId(kidId), kind: CODES_KIND, owner: userId, payload },
      () => payload,
    )
  }
}
