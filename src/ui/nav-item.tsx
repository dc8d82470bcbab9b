import { Link } from '@tanstack/react-router'
import type { CSSProperties, ReactNode } from 'react'
import type { FileRouteTypes } from '../../routes.gen'
import classes from './nav-item.module.css'

interface NavItemProps {
  to: FileRouteTypes['to']
  label: string
  icon?: ReactNode
  /** Marks the item as the open page (aria-current), for the eye and for screen readers. */
  active: boolean
  onClick?: () => void
  className?: string
  style?: CSSProperties
}

/** An item of a navigation menu: a link to a page, with its icon, marked while the page is open. */
export function NavItem({ to, label, icon, active, onClick, className, style }: NavItemProps) {
  return (
    <Link
      to={to}
      className={`${classes.item} mantine-focus-auto${className ? ` ${className}` : ''}`}
      style={style}
      aria-current={active ? 'page' : undefined}
      onClick={onClick}
    >
      {icon ? <span className={classes.icon}>{icon}</span> : null}
      <span className={classes.body}>
        <span className={classes.label}>{label}</span>
      </span>
    </Link>
  )
}
