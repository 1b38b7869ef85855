// What the kids screens say. 'Images not uploaded', 'Child added', 'Child edited', 'Successfully deleted
// child', 'You can not edit that child', 'Child does not exist' and the delete question are the product's
// own words; the rest explains the outbox to a parent.
import { MAX_KIDS_PER_PARENT } from '#shared/records/bounds'

export const kidMessages = {
  imagesNotUploaded: 'Images not uploaded',
  childAdded: 'Child added',
  childEdited: 'Child edited',
  childDeleted: 'Successfully deleted child',
  notYours: 'You can not edit that child',
  missing: 'Child does not exist',
  confirmDelete: 'Are you sure you want to delete?',
  willUploadLater: 'It will upload by itself when you are back online.',
  uploadsByItself: 'It will finish uploading by itself: Your Kids shows how far it is.',
  failedHint: 'Check the photos, then retry or discard it in Your Kids.',
  /** The bound of src/shared/records/bounds.ts, in the server's own words (its notice says the same). */
  kidsBound: `One account can register at most ${MAX_KIDS_PER_PARENT} children. Please contact the centre to register another.`,
  /** A new child the server refused while the account already holds the most it may. */
  kidRefusedOverBound: `Not registered: one account can register at most ${MAX_KIDS_PER_PARENT} children. Discard this one, or delete a child you no longer need and retry.`,
} as const
