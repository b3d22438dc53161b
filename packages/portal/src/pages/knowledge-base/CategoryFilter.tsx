import { Button } from '@client-portal/ui';
import { useI18n } from '../../i18n/I18nProvider.js';
import * as styles from './KnowledgeBasePage.css.js';

/** One toggle per category and "All": the pressed one filters the list and the search results. */
export function CategoryFilter({
  categories,
  selected,
  onSelect,
}: {
  categories: readonly string[];
  selected: string | undefined;
  onSelect: (category: string | undefined) => void;
}) {
  const { t } = useI18n();
  if (categories.length === 0) return null;
  const choices: Array<{ value: string | undefined; label: string }> = [
    { value: undefined, label: t('page.knowledgeBase.categories.all') },
    ...categories.map((category) => ({ value: category, label: category })),
  ];
  return (
    <ul className={styles.categories} aria-label={t('page.knowledgeBase.categories.label')}>
      {choices.map(({ value, label }) => {
        const pressed = value === selected;
        return (
          <li key={value ?? ''}>
            <Button
              size="sm"
              variant={pressed ? 'solid' : 'outline'}
              tone={pressed ? 'accent' : 'neutral'}
              className={styles.categoryButton}
              aria-pressed={pressed}
              onClick={() => onSelect(value)}
            >
              {label}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
