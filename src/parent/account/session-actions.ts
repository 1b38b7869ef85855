// What the profile needs from the rest of the app to end a session or hand a parent their data. The app
// layer provides it (src/parent/account/parent-session.ts), composed from the outbox and the backend.

export interface DataProgress {
  readonly done: number
  readonly total: number
}

/** What 'Delete my account' could not delete yet (the connection was lost half-way). */
export interface DeletionLeft {
  readonly photos: number
  readonly children: number
  readonly account: boolean
}

export type DeletionResult =
  | { readonly deleted: true }
  | { readonly deleted: false; readonly left: DeletionLeft }

export interface SessionActions {
  /** How many of the parent's changes are still on this device, not uploaded. */
  unsentCount(): Promise<number>
  /** Calls `listener` with that count now and on each change; returns the unsubscribe. */
  watchUnsent(listener: (count: number) => void): () => void
  /** Signs out; `keep` keeps the unsent changes on this device for the parent's next sign-in. */
  signOut(keep: boolean): Promise<void>
  /** One zip file of everything of the parent this device can read. */
  downloadData(onProgress: (progress: DataProgress) => void): Promise<Blob>
  /** Checks the password again; rejects when it is wrong (or the server cannot be reached). */
  confirmPassword(password: string): Promise<void>
  /** Deletes every record and photo, the user record, the copies here, then the sign-in account. */
  deleteAccount(onProgress: (progress: DataProgress) => void): Promise<DeletionResult>
}
