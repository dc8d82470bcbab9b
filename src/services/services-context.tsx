import { createContext, type ReactNode, useContext } from 'react'
import type { AppServices } from './app-services'

const ServicesContext = createContext<AppServices | null>(null)

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>
}

/** The app's services for components; route code reads the same object from the router context. */
export function useServices(): AppServices {
  const services = useContext(ServicesContext)
  if (!services) throw new Error('useServices needs a ServicesProvider')
  return services
}
