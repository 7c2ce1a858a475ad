/**
 * What the route table hands every page. Its own file, below `pages.ts`: the pages name it, and `pages.ts` imports
 * the pages, so keeping it there made each page and the table import each other.
 */
export interface PageProps {
  label: string;
}
