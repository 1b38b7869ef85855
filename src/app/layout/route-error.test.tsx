import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { RouteError } from './route-error'

const reset = () => undefined

describe('RouteError', () => {
  it('says that a page whose code could not load needs a connection the first time', () => {
    render(
      <RouteError
        error={new TypeError('Failed to fetch dynamically imported module: https://x.example/assets/a.js')}
        reset={reset}
      />,
    )
    expect(
      screen.getByRole('heading', { level: 1, name: 'This page needs a connection the first time' }),
    ).toBeVisible()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible()
  })

  it('says something went wrong for any other error, with a way to try again', () => {
    render(<RouteError error={new Error('boom')} reset={reset} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible()
    expect(screen.getByText('This page could not be shown. Please try again.')).toBeVisible()
    expect(screen.queryByText('boom')).toBeNull()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible()
  })
})
