// NoticesPort on Firestore: users/{uid}/notices, newest first, live from the cache first (so the list and
// the unread count show offline); marking one read stamps readAt with the server's time, queued offline.
import {
  collection,
  doc,
  limit,
  onSnapshot,
  orderBy,
  query,
  serverTimestamp,
  updateDoc,
} from 'firebase/firestore'
import type { NoticesPort } from '#shared/backend/notices-ports'
import { type Notice, parseNotice } from '#shared/records/notice-record'
import type { FirebaseServices } from './firebase-app'
import { queuedWrite } from './firebase-local-commit'
import { millisOf } from './firebase-registrations'

/** The newest notices a parent's list shows: far more than a family gets in a year. */
const NOTICES_SHOWN = 100

export function createFirebaseNotices(services: FirebaseServices): NoticesPort {
  return {
    watch(userId, listener, onError) {
      return services.listen((db) =>
        onSnapshot(
          query(
            collection(db, 'users', userId, 'notices'),
            orderBy('createdAt', 'desc'),
            limit(NOTICES_SHOWN),
          ),
          { includeMetadataChanges: true },
          (snapshot) => {
            const notices = snapshot.docs.flatMap((document): Notice[] => {
              const data = document.data({ serverTimestamps: 'estimate' })
              const notice = parseNotice(document.id, data, millisOf(data.createdAt), millisOf(data.readAt))
              return notice ? [notice] : []
            })
            listener({ notices, fromCache: snapshot.metadata.fromCache })
          },
          onError,
        ),
      )
    },
    async markRead(userId, noticeId) {
      const ref = doc(await services.db(), 'users', userId, 'notices', noticeId)
      await queuedWrite(ref, updateDoc(ref, { readAt: serverTimestamp() }), 'Marking a notice read')
    },
  }
}
