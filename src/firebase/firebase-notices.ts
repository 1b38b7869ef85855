// NoticesPort on Firestore: users/{uid}/notices, newest first, live from the cache first (so the list and
// the unread count show offline); marking one read stamps readAt with the server's time, queued offline.
import { doc, onSnapshot, type QuerySnapshot, serverTimestamp, updateDoc } from 'firebase/firestore'
import type { NoticesPort } from '#shared/backend/notices-ports'
import { type Notice, parseNotice } from '#shared/records/notice-record'
import type { FirebaseServices } from './firebase-app'
import { queuedWrite } from './firebase-local-commit'
import { noticesOfQuery } from './firebase-parent-queries'
import { millisOf } from './firebase-registrations'

export function createFirebaseNotices(services: FirebaseServices): NoticesPort {
  return {
    watch(userId, listener, onError) {
      const toSeen = (snapshot: QuerySnapshot) => {
        const notices = snapshot.docs.flatMap((document): Notice[] => {
          const data = document.data({ serverTimestamps: 'estimate' })
          const notice = parseNotice(document.id, data, millisOf(data.createdAt), millisOf(data.readAt))
          return notice ? [notice] : []
        })
        listener({ notices, fromCache: snapshot.metadata.fromCache })
      }
      // The remembered parent's notices were listened to before Auth existed, so they answer from this
      // device's cache at once, even on a connection that answers nothing (firebase-primed-query.ts).
      const primed = services.primedNotices
      if (primed?.live && primed.userId === userId) return primed.subscribe(toSeen, onError)
      return services.listen((db) =>
        onSnapshot(noticesOfQuery(db, userId), { includeMetadataChanges: true }, toSeen, onError),
      )
    },
    async markRead(userId, noticeId) {
      const ref = doc(await services.db(), 'users', userId, 'notices', noticeId)
      await queuedWrite(ref, updateDoc(ref, { readAt: serverTimestamp() }), 'Marking a notice read')
    },
  }
}
