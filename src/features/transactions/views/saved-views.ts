import type { TypedStorage } from '../../../storage/storage'
import { MAX_SAVED_VIEWS, MAX_VIEW_NAME, type SavedView } from '../../../storage/stored-values'

/** Whose views these are: the signed-in user, for the merchant on screen. */
export interface ViewOwner {
  userId: string
  merchantId: string
}

export type ViewFilters = SavedView['filters']

export type NameProblem = 'required' | 'tooLong' | 'taken'

const owns = (owner: ViewOwner) => (view: SavedView) =>
  view.userId === owner.userId && view.merchantId === owner.merchantId

/** The owner's saved views, in the order they were saved. */
export function ownViews(storage: TypedStorage, owner: ViewOwner): SavedView[] {
  return (storage.get('savedViews') ?? []).filter(owns(owner))
}

/** The owner's default view, if one is marked. */
export function defaultView(storage: TypedStorage, owner: ViewOwner): SavedView | undefined {
  return ownViews(storage, owner).find((view) => view.isDefault === true)
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase()

/** What is wrong with a view's name, if anything: names are unique per user and merchant, case aside. */
export function nameProblem(
  storage: TypedStorage,
  owner: ViewOwner,
  name: string,
  renaming?: string,
): NameProblem | null {
  if (name.trim() === '') return 'required'
  if (name.trim().length > MAX_VIEW_NAME) return 'tooLong'
  const taken = ownViews(storage, owner).some((view) => view.id !== renaming && sameName(view.name, name))
  return taken ? 'taken' : null
}

export function isFull(storage: TypedStorage, owner: ViewOwner): boolean {
  return ownViews(storage, owner).length >= MAX_SAVED_VIEWS
}

function update(storage: TypedStorage, change: (views: SavedView[]) => SavedView[]): void {
  storage.set('savedViews', change(storage.get('savedViews') ?? []))
}

/** Saves a view and returns it; null when the name is refused or the owner has MAX_SAVED_VIEWS already. */
export function saveView(
  storage: TypedStorage,
  owner: ViewOwner,
  name: string,
  filters: ViewFilters,
  now = Date.now(),
): SavedView | null {
  if (nameProblem(storage, owner, name) !== null || isFull(storage, owner)) return null
  const view: SavedView = { id: crypto.randomUUID(), ...owner, name: name.trim(), filters, savedAt: now }
  update(storage, (views) => [...views, view])
  return view
}

export function renameView(storage: TypedStorage, owner: ViewOwner, id: string, name: string): boolean {
  if (nameProblem(storage, owner, name, id) !== null) return false
  update(storage, (views) =>
    views.map((view) => (owns(owner)(view) && view.id === id ? { ...view, name: name.trim() } : view)),
  )
  return true
}

export function deleteView(storage: TypedStorage, owner: ViewOwner, id: string): void {
  update(storage, (views) => views.filter((view) => !(owns(owner)(view) && view.id === id)))
}

/** Makes the view the owner's default (and no other), or none when `id` is null. */
export function makeDefault(storage: TypedStorage, owner: ViewOwner, id: string | null): void {
  update(storage, (views) =>
    views.map((view) => (owns(owner)(view) ? { ...view, isDefault: view.id === id || undefined } : view)),
  )
}
