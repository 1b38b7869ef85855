import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createAppRouter } from './router'
import { provideBackend } from './shared/backend/backend'
import './shared/ui/global.css'

// Firebase loads only when a screen asks getBackend(); marketing pages never download it.
provideBackend(() => import('./firebase/firebase-backend').then((m) => m.createFirebaseBackend()))

const router = createAppRouter()
const rootElement = document.getElementById('root')
if (!rootElement) throw new Error('index.html has no #root element')

createRoot(rootElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
