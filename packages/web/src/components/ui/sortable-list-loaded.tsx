import { rectSortingStrategy, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { SortableList, type SortableListProps } from './sortable-list.tsx';

/** How the items sit: a column, or a grid (items move aside in two dimensions while dragging). */
export type SortableLayout = 'list' | 'grid';

/**
 * SortableList with its dnd-kit strategy chosen by name: the chunk that lazy-sortable-list.tsx loads
 * on a handle's first press (issue 15, decision 029).
 */
export function LoadedSortableList<T extends { id: number }>({
  layout = 'list',
  ...props
}: Omit<SortableListProps<T>, 'strategy'> & { layout?: SortableLayout }) {
  return <SortableList {...props} strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy} />;
}
