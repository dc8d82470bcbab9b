import '../../../ui/mantine-later.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Group, Loader, Paper, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { isApiError } from '../../../api/api-error'
import type { Cart } from '../../../api/schemas/carts'
import type { Merchant } from '../../../api/schemas/merchants'
import { useServices } from '../../../services/services-context'
import { type MerchantFormat, useMerchantFormat } from '../../../shared/use-merchant-format'
import { PageData } from '../../../ui/page-data'
import { PageHeader } from '../../../ui/page-header'
import { cartQueryOptions } from '../api/cart-queries'

/**
 * A cart's page (its details, or its editing) once the cart is read. Until then the page is headed
 * "Cart" over the read's state; a cart the merchant does not have is the page's own answer.
 */
export function LoadedCart({
  merchant,
  cartId,
  children,
}: {
  merchant: Merchant
  cartId: string
  children(cart: Cart, format: MerchantFormat): ReactNode
}) {
  const { t } = useLingui()
  const { api } = useServices()
  const format = useMerchantFormat(merchant)
  const query = useQuery(cartQueryOptions(api, merchant.id, cartId))
  const missing = isApiError(query.error) && query.error.kind === 'http' && query.error.status === 404

  if (missing && !query.data) return <CartNotFound />
  return (
    <>
      {query.data ? null : <PageHeader title={<Trans>Cart</Trans>} />}
      <PageData
        query={query}
        loading={
          <Group justify="center" py="xl">
            <Loader aria-label={t`Loading the cart`} />
          </Group>
        }
      >
        {(cart) => children(cart, format)}
      </PageData>
    </>
  )
}

function CartNotFound() {
  return (
    <>
      <PageHeader title={<Trans>Cart not found</Trans>} />
      <Paper withBorder radius="md" p="xl">
        <Stack gap="sm" align="flex-start">
          <Text>
            <Trans>
              There is no cart at this address for this merchant. It may belong to another merchant.
            </Trans>
          </Text>
          <Anchor component={Link} to="/carts">
            <Trans>Back to carts</Trans>
          </Anchor>
        </Stack>
      </Paper>
    </>
  )
}
