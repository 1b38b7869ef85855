// The two ports the functions' logic works through, so that every function is unit-tested against
// in-memory fakes (testing/) and runs unchanged on the emulators and in production:
// - PhotoBucket: Cloud Storage, in one small interface (the Storage emulator cannot run on every machine;
//   on the emulators a fake that logs each delete stands in, selected by SUNBEAM_STORAGE_LOG).
// - ParentRecords: the Firestore documents of a parent and their children (Admin SDK, past the rules).
//   A child's day (attendance, tellTheCentre, collectionCodes, codeChecks) included.

/** One object in the bucket. */
export interface StoredPhoto {
  readonly path: string
  /** When this generation was written (a retried upload to the same path is a new one), in ms. */
  readonly createdAt: number
  /** Whether a download token (a link that works without signing in) is attached. */
  readonly hasDownloadToken: boolean
  readonly cacheControl: string | null
}

export interface PhotoBucket {
  /** Every object whose path starts with `prefix`. */
  list(prefix: string): Promise<StoredPhoto[]>
  /** Deletes one object; one already gone is no error (every function may run twice). */
  delete(path: string): Promise<void>
  /** Deletes every object under `prefix` (a folder, 'images/{uid}/'). */
  deleteFolder(prefix: string): Promise<void>
  /** Removes the object's download tokens and sets its Cache-Control (photos are private). */
  makePrivate(path: string, cacheControl: string): Promise<void>
  /** The object's first `count` bytes (fewer if it is shorter), or null if it is gone. */
  firstBytes(path: string, count: number): Promise<Uint8Array | null>
}

/** A child record, as far as the functions need it. */
export interface KidRef {
  readonly id: string
  /** The owner's uid (userRef); '' when the record has none. */
  readonly userRef: string
  /** imgUrls as stored: storage paths, or download addresses on records older than private photos. */
  readonly imgUrls: readonly string[]
  /** When the record was created (Firestore's createTime, ms), where known. */
  readonly createdAt?: number
}

export interface ParentRecords {
  /** The children whose userRef is `uid`. */
  kidsOf(uid: string): Promise<KidRef[]>
  /**
   * Every photo path or address any child record names, and every document an enrolment file names
   * (the sweep's list of what is in use).
   */
  photosInUse(): Promise<Set<string>>
  /** The documents enrolments/{kidId} names (its action plan, its immunisation record); [] if none. */
  enrolmentDocuments(kidId: string): Promise<string[]>
  /** Deletes enrolments/{kidId}, the enrolment file (decision 0032); missing is no error. */
  deleteEnrolment(kidId: string): Promise<void>
  /** Deletes kids/{kidId}; missing is no error. */
  deleteKid(kidId: string): Promise<void>
  /** Deletes registrations/{kidId}; missing is no error. */
  deleteRegistration(kidId: string): Promise<void>
  /** Deletes users/{uid} with everything under it (subcollections included); missing is no error. */
  deleteUserTree(uid: string): Promise<void>
  /**
   * Deletes the child's day (issue 51, decision 0073): its arrivals and collections (attendance, by
   * kidId), its 'Tell the centre' messages (tellTheCentre, by kidId), collectionCodes/{kidId} and
   * codeChecks/{kidId}. Nothing there is no error.
   */
  deleteDayRecords(kidId: string): Promise<void>
  /**
   * The same for every record of a child's day that names the family `uid` (userRef), whatever child it
   * is about: what a child deleted before this cleanup existed, or a cleanup stopped half-way, left.
   */
  deleteFamilyDayRecords(uid: string): Promise<void>
}
