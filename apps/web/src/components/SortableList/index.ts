export { SortableList, useSortableItem } from './SortableList';
