/**
 * The translation keys of trait labels (common namespace), in a leaf without the catalog (ADR 161): the join and
 * settings pages label the groups their loader sent; ./trait-catalog re-exports them.
 */
export const traitTitleKey = (groupKey: string): string => `traits.${groupKey}._title`;
export const traitLabelKey = (groupKey: string, optionKey: string): string => `traits.${groupKey}.${optionKey}`;
export const traitCategoryKey = (groupKey: string, category: string): string => `traits.${groupKey}._categories.${category}`;
