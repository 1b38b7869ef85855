import { createFileRoute } from '@tanstack/react-router'
import { AboutPage } from '../../marketing/pages/about-page'

export const Route = createFileRoute('/about')({
  component: AboutPage,
})
