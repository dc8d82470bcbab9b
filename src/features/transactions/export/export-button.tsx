import { Trans } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconFileExport } from '@tabler/icons-react'
import { Suspense, useState } from 'react'
import type { Merchant } from '../../../api/schemas/merchants'
import { lazyChunk } from '../../../shared/load-chunk'
import type { TransactionListParams } from '../list-params'

// The dialog, the pager and the CSV writer load when a merchant first asks for an export, so the
// table's own download stays small.
const loadDialog = () => import('./export-dialog')
const ExportDialog = lazyChunk(loadDialog)

interface ExportButtonProps {
  merchant: Merchant
  params: TransactionListParams
  /** How many transactions match the filters; null while the first page loads. */
  total: number | null
  programNames: ReadonlyMap<string, string>
}

/** "Export CSV" for the transactions the table shows, and the dialog it opens. */
export function ExportButton({ merchant, params, total, programNames }: ExportButtonProps) {
  const [opened, setOpened] = useState(false)
  // Mounted on first use and kept, so the chosen columns last while the page is open.
  const [used, setUsed] = useState(false)

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileExport size={16} aria-hidden="true" />}
        disabled={total === 0}
        aria-haspopup="dialog"
        // Start fetching the dialog's code as soon as the pointer or the focus comes near.
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setUsed(true)
          setOpened(true)
        }}
      >
        <Trans>Export CSV</Trans>
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <ExportDialog
            opened={opened}
            onClose={() => setOpened(false)}
            merchant={merchant}
            params={params}
            total={total}
            programNames={programNames}
          />
        </Suspense>
      ) : null}
    </>
  )
}
