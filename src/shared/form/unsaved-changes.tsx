import '../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useBlocker } from '@tanstack/react-router'
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import { useServices } from '../../services/services-context'
import { isEqualValue } from './equal'

type Reason = 'navigation' | 'merchant'

/** What the unsaved changes are to: a settings page's values, or a cart being built or edited. */
export type UnsavedSubject = 'settings' | 'cart'

interface Question {
  reason: Reason
  answer: (discard: boolean) => void
}

/**
 * While `dirty`, leaving the page (a link, the back button, closing the tab) and switching merchant
 * both ask "Discard unsaved changes?" first. Returns the dialog, to be rendered by the form.
 */
export function useUnsavedChangesGuard(
  dirty: boolean,
  discard: () => void,
  subject: UnsavedSubject = 'settings',
): ReactNode {
  const { merchantChanges } = useServices()
  const [question, setQuestion] = useState<Question | null>(null)
  // Read by the router's and the merchant chooser's callbacks, which must not change identity.
  const dirtyRef = useRef(dirty)
  dirtyRef.current = dirty
  const discardRef = useRef(discard)
  discardRef.current = discard

  const shouldBlockFn = useCallback(
    ({
      current,
      next,
    }: {
      current: { pathname: string; search: unknown }
      next: { pathname: string; search: unknown }
    }) =>
      dirtyRef.current && (current.pathname !== next.pathname || !isEqualValue(current.search, next.search)),
    [],
  )
  const enableBeforeUnload = useCallback(() => dirtyRef.current, [])
  const blocker = useBlocker({ shouldBlockFn, enableBeforeUnload, withResolver: true })

  useEffect(
    () =>
      merchantChanges.register(
        () =>
          !dirtyRef.current ||
          new Promise<boolean>((resolve) => setQuestion({ reason: 'merchant', answer: resolve })),
      ),
    [merchantChanges],
  )

  const blocked = blocker.status === 'blocked'
  const open = blocked || question !== null
  const reason: Reason = question?.reason ?? 'navigation'

  function answer(discardChanges: boolean) {
    if (discardChanges) {
      // The navigation or merchant switch that follows must not be asked about again.
      dirtyRef.current = false
      discardRef.current()
    }
    if (blocker.status === 'blocked') {
      if (discardChanges) blocker.proceed()
      else blocker.reset()
    }
    question?.answer(discardChanges)
    setQuestion(null)
  }

  return (
    <UnsavedChangesDialog
      opened={open}
      reason={reason}
      subject={subject}
      onKeep={() => answer(false)}
      onDiscard={() => answer(true)}
    />
  )
}

function UnsavedChangesDialog({
  opened,
  reason,
  subject,
  onKeep,
  onDiscard,
}: {
  opened: boolean
  reason: Reason
  subject: UnsavedSubject
  onKeep: () => void
  onDiscard: () => void
}) {
  const { t } = useLingui()
  return (
    <Modal opened={opened} onClose={onKeep} title={t`Discard unsaved changes?`} centered>
      <Stack gap="lg">
        <Text>
          {subject === 'cart' ? (
            reason === 'merchant' ? (
              <Trans>
                You changed this cart without saving it. If you switch merchant now, your changes are lost.
              </Trans>
            ) : (
              <Trans>You changed this cart without saving it. If you leave now, your changes are lost.</Trans>
            )
          ) : reason === 'merchant' ? (
            <Trans>
              You changed settings on this page without saving them. If you switch merchant now, your changes
              are lost.
            </Trans>
          ) : (
            <Trans>
              You changed settings on this page without saving them. If you leave now, your changes are lost.
            </Trans>
          )}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onKeep} data-autofocus>
            <Trans>Keep editing</Trans>
          </Button>
          <Button color="red" onClick={onDiscard}>
            <Trans>Discard changes</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
