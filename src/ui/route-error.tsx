import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { type ErrorComponentProps, useMatch, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { isApiError } from '../api/api-error'
import { isForbiddenError } from '../guards/forbidden-error'
import { useServices } from '../services/services-context'
import { isChunkLoadError } from '../shared/load-chunk'
import { ChunkError } from './chunk-error'
import { ErrorBox } from './error-box'
import { PermissionDenied } from './permission-denied'

/**
 * Every route's error outcome: a guard's ForbiddenError is Permission Denied, a page whose code could
 * not be fetched asks for a reload, anything else is the 'Oops...' box.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const queryErrorResetBoundary = useQueryErrorResetBoundary()

  const { log } = useServices()
  // The route whose error this is: the nearest match around its error component.
  const routeId = useMatch({ strict: false, select: (match) => match.routeId })

  useEffect(() => {
    queryErrorResetBoundary.reset()
  }, [queryErrorResetBoundary])

  // Failed API calls are logged where they fail (the query cache); anything else, such as a render
  // crash, is logged here so that no 'Oops...' goes unrecorded. The route's id (`/activate/$activationToken`)
  // says which page it was; the path would carry what is in it, such as a one-time link token.
  useEffect(() => {
    if (isForbiddenError(error) || isApiError(error)) return
    log('error', 'A page failed to render', {
      name: error instanceof Error ? error.name : typeof error,
      message: error instanceof Error ? error.message : String(error),
      route: routeId,
    })
  }, [error, log, routeId])

  if (isForbiddenError(error)) return <PermissionDenied />
  if (isChunkLoadError(error)) return <ChunkError />

  return (
    <ErrorBox
      error={error}
      onRetry={async () => {
        reset()
        await router.invalidate()
      }}
    />
  )
}
