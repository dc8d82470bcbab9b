import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { isForbiddenError } from '../guards/forbidden-error'
import { ErrorBox } from './error-box'
import { PermissionDenied } from './permission-denied'

/** Every route's error outcome: a guard's ForbiddenError is Permission Denied, anything else the 'Oops...' box. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const queryErrorResetBoundary = useQueryErrorResetBoundary()

  useEffect(() => {
    queryErrorResetBoundary.reset()
  }, [queryErrorResetBoundary])

  if (isForbiddenError(error)) return <PermissionDenied />

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
