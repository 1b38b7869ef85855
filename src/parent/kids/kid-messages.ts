// What the kids screens say. 'Images not uploaded', 'Child added', 'Child edited', 'Successfully deleted
// child', 'You can not edit that child', 'Child does not exist' and the delete question are the product's
// own words; the rest explains the outbox to a parent.
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
} as const
