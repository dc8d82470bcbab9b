import { useLingui } from '@lingui/react/macro'
import { Box, Button, List, Alert as MantineAlert, Transition } from '@mantine/core'
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react'
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react'
import { ALERT_FADE_MS, type AlertSnapshot, type AlertStatus, type AlertStore } from './alert-store'

const AlertsContext = createContext<AlertStore | null>(null)

export function AlertsProvider({ store, children }: { store: AlertStore; children: ReactNode }) {
  return <AlertsContext.Provider value={store}>{children}</AlertsContext.Provider>
}

export function useAlerts(): AlertStore {
  const store = useContext(AlertsContext)
  if (!store) throw new Error('useAlerts needs an AlertsProvider')
  return store
}

// Dark shades: white text on them reads at 4.5:1 or better.
const look: Record<AlertStatus, { color: string; icon: ReactNode }> = {
  INFO: { color: 'blue.8', icon: <IconInfoCircle aria-hidden="true" /> },
  ERROR: { color: 'red.9', icon: <IconAlertCircle aria-hidden="true" /> },
  SUCCESS: { color: 'teal.9', icon: <IconCircleCheck aria-hidden="true" /> },
}

/** Renders the one current alert; the live regions stay mounted so screen readers hear each new one. */
export function AlertHost() {
  const store = useAlerts()
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
  const urgent = snapshot.alert?.status === 'ERROR'

  return (
    <Box
      pos="fixed"
      top={72}
      left="50%"
      style={{ transform: 'translateX(-50%)', zIndex: 400, width: 'min(560px, calc(100vw - 24px))' }}
    >
      <div aria-live="assertive" aria-atomic="true">
        {urgent ? <AlertBody snapshot={snapshot} onClose={(id) => store.dismiss(id)} /> : null}
      </div>
      <div aria-live="polite" aria-atomic="true">
        {snapshot.alert && !urgent ? (
          <AlertBody snapshot={snapshot} onClose={(id) => store.dismiss(id)} />
        ) : null}
      </div>
    </Box>
  )
}

function AlertBody({ snapshot, onClose }: { snapshot: AlertSnapshot; onClose: (id: string) => void }) {
  const { t } = useLingui()
  const { alert, leaving } = snapshot
  if (!alert) return null
  const { color, icon } = look[alert.status]
  const lines = Array.isArray(alert.message) ? alert.message : [alert.message]
  return (
    <Transition mounted={!leaving} transition="fade" duration={ALERT_FADE_MS} keepMounted>
      {(styles) => (
        <MantineAlert
          style={styles}
          color={color}
          variant="filled"
          icon={icon}
          withCloseButton
          closeButtonLabel={t`Close alert`}
          onClose={() => onClose(alert.id)}
          data-status={alert.status}
          role={alert.status === 'ERROR' ? 'alert' : 'status'}
        >
          {lines.length === 1 ? (
            lines[0]
          ) : (
            <List size="sm" spacing={2} c="inherit" listStyleType="none">
              {lines.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          )}
          {alert.action ? (
            <Button
              variant="white"
              color={color}
              size="xs"
              mt="sm"
              onClick={() => {
                onClose(alert.id)
                void alert.action?.run()
              }}
            >
              {alert.action.label}
            </Button>
          ) : null}
        </MantineAlert>
      )}
    </Transition>
  )
}
