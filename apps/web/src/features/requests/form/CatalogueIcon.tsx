import type { ComponentType } from 'react';
import * as CATALOGUE_ICONS from './catalogueIcons';

/** Every icon of catalogueIcons.ts by its name; an unknown name draws no icon. */
const ICONS: Record<string, ComponentType> = CATALOGUE_ICONS;

/** The names an icon can be given (the services editor offers them). */
export const CATALOGUE_ICON_NAMES: readonly string[] = Object.keys(ICONS);

export function CatalogueIcon({ name }: { name: string | null | undefined }) {
  const Icon = name && Object.hasOwn(ICONS, name) ? ICONS[name] : undefined;
  return Icon ? <Icon /> : null;
}
